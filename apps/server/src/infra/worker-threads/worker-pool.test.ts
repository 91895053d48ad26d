import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from './worker-pool';

const SLOW_THREAD = new URL('./test-threads/slow-loading-thread.mjs', import.meta.url);

let pool: WorkerPool<string, string> | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  delete process.env.SLOW_LOAD_MS;
});

function slowPool(timeoutMs: number) {
  return createWorkerPool<string, string, string>({
    entry: SLOW_THREAD,
    timeoutMs,
    read: (answer) => answer,
    errors: {
      failed: (error) => new Error(`failed: ${error}`),
      overran: () => new Error(`took longer than ${timeoutMs} ms`),
      stopped: (code) => new Error(`stopped (${code})`),
      closed: () => new Error('closed'),
    },
  });
}

describe('a worker pool', () => {
  it('times a job from when its thread has loaded, so a slow start fails nothing', async () => {
    // The thread reads its environment when it starts (a copy of the parent's).
    process.env.SLOW_LOAD_MS = '1500';
    pool = slowPool(200);
    expect(await Promise.all([pool.run('a'), pool.run('b')])).toEqual(['echo a', 'echo b']);
    // A job that overruns a ready thread still fails: pdf-renderer.test.ts, 'fails a drawing that takes too long'.
  });
});
