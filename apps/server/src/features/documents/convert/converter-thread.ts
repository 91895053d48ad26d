import { Worker } from 'node:worker_threads';
import { FILE_MESSAGES } from '@admissions/domain';
import { ConversionRefused } from './conversion-refused';
import type { ThreadRequest, ThreadResponse, ThreadTask } from './convert-thread';

export interface ConverterThread {
  run(task: ThreadTask, bytes: Uint8Array): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (pdf: Uint8Array | null) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Decoding images, parsing PDFs and inflating zips take CPU: they run on a
 * worker thread with its own heap limit, never on the server's event loop. A
 * task that overruns its time is failed and the thread replaced, so a hostile
 * file can stall neither the server nor the next conversion.
 */
export function createConverterThread({
  timeoutMs,
  heapMb = 384,
}: {
  timeoutMs: number;
  heapMb?: number;
}): ConverterThread {
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
    const w = new Worker(new URL('./convert-worker.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
    });
    w.on('message', (result: ThreadResponse) => {
      const job = settle(result.id);
      if (!job) return;
      if ('pdf' in result) job.resolve(result.pdf);
      else if ('refused' in result) job.reject(new ConversionRefused(result.refused, result.detail));
      else job.reject(new Error(`conversion failed: ${result.error}`));
    });
    w.on('error', (err) => {
      if (worker === w) worker = undefined;
      // Running out of heap on a file is the file's fault, not a reason to retry it.
      failAll(
        /memory|heap/i.test(err.message) ? new ConversionRefused(FILE_MESSAGES.conversionFailed, err.message) : err,
      );
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`conversion thread stopped (exit code ${code})`));
    });
    w.unref();
    return w;
  };

  return {
    run(task, bytes) {
      const w = (worker ??= start());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(id);
          reject(new ConversionRefused(FILE_MESSAGES.conversionFailed, `${task} took longer than ${timeoutMs} ms`));
          // The thread may be stuck in the file; a fresh one takes the next task.
          if (worker === w) worker = undefined;
          void w.terminate();
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        // A copy of its own is moved to the thread (a Buffer's slice() would share, or be a pooled slab).
        const copy = new Uint8Array(bytes.byteLength);
        copy.set(bytes);
        w.postMessage({ id, task, bytes: copy } satisfies ThreadRequest, [copy.buffer]);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
