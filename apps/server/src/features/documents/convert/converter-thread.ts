import { FILE_MESSAGES } from '@admissions/domain';
import { threadEntry } from '../../../infra/worker-threads/thread-entry';
import { createWorkerPool } from '../../../infra/worker-threads/worker-pool';
import { ConversionRefused } from './conversion-refused';
import type { ThreadAnswer, ThreadJob, ThreadTask } from './convert-thread';

export interface ConverterThread {
  run(task: ThreadTask, bytes: Uint8Array): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

const CONVERT_THREAD = threadEntry(new URL('./convert-worker.mjs', import.meta.url), 'convert-worker');

/**
 * The conversion thread's nice value, as LibreOffice's (soffice.ts): conversions are the queue's
 * background work, and the server's event loop comes first when both want a core.
 */
const CONVERSION_NICENESS = 10;

/**
 * Decoding images, parsing PDFs and inflating zips take CPU: they run on a
 * worker thread with its own heap limit and a lower CPU priority, never on the
 * server's event loop. A task that overruns its time (counted from when the
 * thread begins it) is failed and the thread replaced, so a hostile file can
 * stall neither the server nor the next conversion.
 */
export function createConverterThread({
  timeoutMs,
  heapMb = 384,
}: {
  timeoutMs: number;
  heapMb?: number;
}): ConverterThread {
  const pool = createWorkerPool<ThreadJob, ThreadAnswer, Uint8Array | null>({
    entry: CONVERT_THREAD,
    timeoutMs,
    niceness: CONVERSION_NICENESS,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
    read: (answer) => {
      if ('refused' in answer) throw new ConversionRefused(answer.refused, answer.detail);
      return answer.pdf;
    },
    errors: {
      failed: (error) => new Error(`conversion failed: ${error}`),
      overran: ({ task }) =>
        new ConversionRefused(FILE_MESSAGES.conversionFailed, `${task} took longer than ${timeoutMs} ms`),
      // Running out of heap on a file is the file's fault, not a reason to retry it.
      crashed: (err) =>
        /memory|heap/i.test(err.message) ? new ConversionRefused(FILE_MESSAGES.conversionFailed, err.message) : err,
      stopped: (code) => new Error(`conversion thread stopped (exit code ${code})`),
      closed: () => new Error('conversion thread closed'),
    },
  });

  return {
    run(task, bytes) {
      // A copy of its own is moved to the thread (a Buffer's slice() would share, or be a pooled slab).
      const copy = new Uint8Array(bytes.byteLength);
      copy.set(bytes);
      return pool.run({ task, bytes: copy }, [copy.buffer]);
    },
    close: () => pool.close(),
  };
}
