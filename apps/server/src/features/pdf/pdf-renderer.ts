import { threadEntry } from '../../infra/worker-threads/thread-entry';
import { createWorkerPool } from '../../infra/worker-threads/worker-pool';
import type { CopyHeader, CopyPage } from './copy-outline';
import type { Separator } from './separator-pdf';
import type { DecisionLetter } from './decision-letter-pdf';
import type { WrittenLetter } from './written-letter-pdf';

/** What the thread draws: an application's copy, a letter written on the recommendation page, a packet's separators. */
export type Drawing =
  | { kind: 'copy'; header: CopyHeader; pages: readonly CopyPage[] }
  | { kind: 'letter'; letter: WrittenLetter }
  | { kind: 'decision-letter'; letter: DecisionLetter }
  | { kind: 'separators'; separators: readonly Separator[] };

/** What the thread posts back: the PDF's bytes. */
export type RenderAnswer = Uint8Array;

/** Draws PDF copies, written letters and separators; close() before the process or the app ends. */
export interface PdfRenderer {
  render(header: CopyHeader, pages: readonly CopyPage[]): Promise<Buffer>;
  renderLetter(letter: WrittenLetter): Promise<Buffer>;
  renderDecisionLetter(letter: DecisionLetter): Promise<Buffer>;
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
  timeZone: 'UTC',
};

export interface PdfRendererOptions {
  /** A drawing that takes longer, counted from when the thread begins it, fails, and its thread is replaced. */
  timeoutMs?: number;
}

/** Loading react-pdf and every font on a machine under load (measured: 18 s at a load average of 20). */
const WARM_TIMEOUT_MS = 120_000;

/**
 * The drawing thread's nice value: when the API's event loop and a drawing both want one of the two
 * cores, the kernel gives the event loop most of it (sign-ups, logins and saves stay quick while a
 * process warms up or a burst of copies is drawn), and the drawing takes what is left.
 */
const DRAWING_NICENESS = 10;

const PDF_THREAD = threadEntry(new URL('./pdf-worker.mjs', import.meta.url), 'pdf-worker');

/**
 * Drawing a copy takes a few hundred milliseconds of CPU (react-pdf's layout),
 * and loading react-pdf takes a second or two: both happen on a worker thread,
 * started at the first copy, at a lower CPU priority than the server's event
 * loop, which keeps answering other requests meanwhile. One thread per process:
 * copies are rare next to saves, and the pool's queue keeps a burst of
 * downloads to one core, one drawing at a time, first asked first drawn.
 */
export function createPdfRenderer({ timeoutMs = 20_000 }: PdfRendererOptions = {}): PdfRenderer {
  const pool = createWorkerPool<Drawing, RenderAnswer, Buffer>({
    entry: PDF_THREAD,
    timeoutMs,
    niceness: DRAWING_NICENESS,
    read: (pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    errors: {
      failed: (error) => new Error(`PDF drawing failed: ${error}`),
      overran: (_drawing, limitMs) => new Error(`PDF drawing took longer than ${limitMs} ms`),
      stopped: (code) => new Error(`PDF drawing thread stopped (exit code ${code})`),
      closed: () => new Error('PDF renderer closed'),
    },
  });

  return {
    render: (header, pages) => pool.run({ kind: 'copy', header, pages }),
    renderLetter: (letter) => pool.run({ kind: 'letter', letter }),
    renderDecisionLetter: (letter) => pool.run({ kind: 'decision-letter', letter }),
    renderSeparators: (separators) => pool.run({ kind: 'separators', separators }),
    // The warm-up is the thread's first job, with a limit of its own: drawings asked for meanwhile wait
    // behind it in the pool's queue, and their own limits start only when the thread begins them. If it
    // overruns or the thread crashes in it, the drawings waiting go to a fresh thread.
    warm: () => pool.run({ kind: 'copy', header: WARM_HEADER, pages: [] }, [], WARM_TIMEOUT_MS).then(() => undefined),
    close: () => pool.close(),
  };
}
