import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Db } from '../db/db';
import { createTestDb } from '../../test-support/test-db';
import { startJobQueue, type JobQueue } from './job-queue';

describe('the job queue on the application database', () => {
  let db: Db;
  let queue: JobQueue;
  beforeAll(async () => {
    db = await createTestDb();
    queue = await startJobQueue({ db, logger: pino({ level: 'silent' }), schedule: false });
  });
  afterAll(async () => {
    await queue?.stop(1000);
    await db?.close();
  });

  it('runs a job sent to it once, with its data, and records it completed', async () => {
    await queue.createQueue('echo', { retryLimit: 0 });
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('echo', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      seen.push(job!.data);
      return { doubled: job!.data.n * 2 };
    });
    const id = await queue.send('echo', { n: 21 });
    expect(id).toBeTruthy();
    await expect.poll(async () => (await queue.getJobById('echo', id!))?.state, { timeout: 10_000 }).toBe('completed');
    expect(seen).toEqual([{ n: 21 }]);
    expect((await queue.getJobById<{ n: number }>('echo', id!))?.output).toEqual({ doubled: 42 });
  });

  it('retries a failing job up to its limit and then marks it failed', async () => {
    await queue.createQueue('flaky', { retryLimit: 2, retryDelay: 0 });
    let tries = 0;
    await queue.work('flaky', { pollingIntervalSeconds: 0.5 }, async () => {
      tries += 1;
      throw new Error('always fails');
    });
    const id = await queue.send('flaky', {});
    await expect.poll(async () => (await queue.getJobById('flaky', id!))?.state, { timeout: 15_000 }).toBe('failed');
    expect(tries).toBe(3);
  });
});
