import { Worker } from 'node:worker_threads';
import type { CopyHeader, CopyPage } from './copy-outline';
import type { Separator } from './separator-pdf';
import type { WrittenLetter } from './written-letter-pdf';

/** What the thread draws: an application's copy, a letter written on the recommendation page, a packet's separators. */
export type Drawing =
  | { kind: 'copy'; header: CopyHeader; pages: readonly CopyPage[] }
  | { kind: 'letter'; letter: WrittenLetter }
  | { kind: 'separators'; separators: readonly Separator[] };

export type RenderJob = Drawing & { id: number };

export type RenderResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

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

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Drawing a copy takes a few hundred milliseconds of CPU (react-pdf's layout),
 * and loading react-pdf takes a second or two: both happen on a worker thread,
 * started at the first copy, so the server's event loop keeps answering other
 * requests meanwhile. One thread per process: copies are rare next to saves,
 * and a queue on one thread keeps a burst of downloads from taking every core.
 */
export function createPdfRenderer({ timeoutMs = 20_000 }: PdfRendererOptions = {}): PdfRenderer {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const settle = (id: number) => {
    const job = pending.get(id);
    if (job) {
      clearTimeout(job.timer);
      pending.delete(id);
    }
    return job;
  };

  const failAll = (err: Error) => {
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
  };

  const start = (): Worker => {
    // execArgv: [] so the thread does not load tsx twice; pdf-worker.mjs loads it.
    const w = new Worker(new URL('./pdf-worker.mjs', import.meta.url), { execArgv: [] });
    w.on('message', (result: RenderResult) => {
      const job = settle(result.id);
      if (!job) return;
      if ('pdf' in result) job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else job.reject(new Error(`PDF drawing failed: ${result.error}`));
    });
    w.on('error', (err) => {
      if (worker === w) worker = undefined;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`PDF drawing thread stopped (exit code ${code})`));
    });
    // Waiting copies keep it running; an idle thread must not keep the process alive.
    w.unref();
    return w;
  };

  const draw = (drawing: Drawing): Promise<Buffer> => {
    const w = (worker ??= start());
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(id)?.reject(new Error(`PDF drawing took longer than ${timeoutMs} ms`));
        // A stuck thread would hold up every later copy: replace it.
        if (worker === w) worker = undefined;
        void w.terminate();
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      w.postMessage({ ...drawing, id } satisfies RenderJob);
    });
  };

  return {
    render: (header, pages) => draw({ kind: 'copy', header, pages }),
    renderLetter: (letter) => draw({ kind: 'letter', letter }),
    renderSeparators: (separators) => draw({ kind: 'separators', separators }),
    async close() {
      const w = worker;
      worker = undefined;
      failAll(new Error('PDF renderer closed'));
      if (w) await w.terminate();
    },
  };
}
