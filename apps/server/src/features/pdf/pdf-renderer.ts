import { threadEntry } from '../../infra/worker-threads/thread-entry';
import { createWorkerPool } from '../../infra/worker-threads/worker-pool';
import type { CopyHeader, CopyPage } from './copy-outline';
import type { Separator } from './separator-pdf';
import type { WrittenLetter } from './written-letter-pdf';

/** What the thread draws: an application's copy, a letter written on the recommendation page, a packet's separators. */
export type Drawing =
  | { kind: 'copy'; header: CopyHeader; pages: readonly CopyPage[] }
  | { kind: 'letter'; letter: WrittenLetter }
  | { kind: 'separators'; separators: readonly Separator[] };

/** What the thread posts back: the PDF's bytes. */
export type RenderAnswer = Uint8Array;

/** Draws PDF copies, written letters and separators; close() before the process or the app ends. */
export interface PdfRenderer {
  render(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer>;
  renderLetter(letter: WrittenLetter): Promise<Buffer>;
  renderSeparators(separators: readonly Separator[]): Promise<Buffer>;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  /** A drawing that takes longer fails, and its thread is replaced. */
  timeoutMs?: number;
}

const PDF_THREAD = threadEntry(new URL('./pdf-worker.mjs', import.meta.url), 'pdf-worker');

/**
 * Drawing a copy takes a few hundred milliseconds of CPU (react-pdf's layout),
 * and loading react-pdf takes a second or two: both happen on a worker thread,
 * started at the first copy, so the server's event loop keeps answering other
 * requests meanwhile. One thread per process: copies are rare next to saves,
 * and a queue on one thread keeps a burst of downloads from taking every core.
 */
export function createPdfRenderer({ timeoutMs = 20_000 }: PdfRendererOptions = {}): PdfRenderer {
  const pool = createWorkerPool<Drawing, RenderAnswer, Buffer>({
    entry: PDF_THREAD,
    timeoutMs,
    read: (pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    errors: {
      failed: (error) => new Error(`PDF drawing failed: ${error}`),
      overran: () => new Error(`PDF drawing took longer than ${timeoutMs} ms`),
      stopped: (code) => new Error(`PDF drawing thread stopped (exit code ${code})`),
      closed: () => new Error('PDF renderer closed'),
    },
  });

  return {
    render: (header, pages) => pool.run({ kind: 'copy', header, pages }),
    renderLetter: (letter) => pool.run({ kind: 'letter', letter }),
    renderSeparators: (separators) => pool.run({ kind: 'separators', separators }),
    close: () => pool.close(),
  };
}
