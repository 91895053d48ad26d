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
  /**
   * Starts the thread and draws a one-page copy in every script the copy has a font for, so react-pdf's
   * modules and every font are loaded before an applicant's first copy (decision 055).
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** A header that needs every family and weight of copy-fonts.ts: bold Latin, Greek, Cyrillic, Devanagari, Arabic, Han, kana and Hangul. */
const WARM_HEADER: CopyHeader = {
  partnerName: 'Warm-up',
  applicationTitle: 'Αβγ Абв राजेश',
  applicantName: 'محمد 李小龙 さくら 김민준',
  email: 'warm-up@example.invalid',
  submittedAt: null,
};

export interface PdfRendererOptions {
  /** A drawing that takes longer fails, and its thread is replaced. */
  timeoutMs?: number;
}

/** Loading react-pdf and every font on a machine under load (measured: 18 s at a load average of 20). */
const WARM_TIMEOUT_MS = 120_000;

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

  // While the thread warms up, drawings wait for it before their own timeout starts: loading react-pdf
  // on a busy machine can take longer than a drawing may, and a drawing that overran would end the
  // thread and its loaded modules, so the next would load them all again.
  let warming: Promise<void> | undefined;
  let closed = false;
  const run = (drawing: Drawing): Promise<Buffer> => {
    if (!warming) return pool.run(drawing);
    return warming.then(() => (closed ? Promise.reject(new Error('PDF renderer closed')) : pool.run(drawing)));
  };
  return {
    render: (header, pages) => run({ kind: 'copy', header, pages }),
    renderLetter: (letter) => run({ kind: 'letter', letter }),
    renderSeparators: (separators) => run({ kind: 'separators', separators }),
    warm: () => {
      const done = pool
        .run({ kind: 'copy', header: WARM_HEADER, pages: [] }, [], WARM_TIMEOUT_MS)
        .then(() => undefined);
      // A failed warm-up holds nothing up: the next drawing starts a thread of its own.
      const settled: Promise<void> = done.then(
        () => undefined,
        () => undefined,
      );
      warming = settled;
      void settled.then(() => {
        if (warming === settled) warming = undefined;
      });
      return done;
    },
    close: () => {
      closed = true;
      return pool.close();
    },
  };
}
