import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { createTestDb } from '../../test-support/test-db';
import { deferJobQueue, type DeferredJobQueue } from './deferred-job-queue';
import { ensureQueue } from './ensure-queue';
import { startJobQueue } from './job-queue';

/**
 * The server listens before its job queue has started (server.ts), so a sign-up
 * in its first second asks the stand-in to queue a mail. That mail must wait
 * until the queues exist, not fail because pg-boss has started but the mail
 * worker has not yet created its queue.
 */
describe('the job queue stand-in of a starting server', () => {
  let db: Db | undefined;
  let jobs: DeferredJobQueue | undefined;
  afterEach(async () => {
    await jobs?.stop(1000);
    await db?.close();
    jobs = undefined;
    db = undefined;
  });

  const startDeferred = async () => {
    db = await createTestDb();
    const opened = db;
    jobs = deferJobQueue(() => startJobQueue({ db: opened, logger: pino({ level: 'silent' }), schedule: false }));
    return jobs;
  };

  it('starts the queue only when it is first needed, and once', async () => {
    let starts = 0;
    const deferred = deferJobQueue(() => {
      starts++;
      return Promise.reject(new Error('not here'));
    });
    expect(starts).toBe(0);
    await expect(deferred.ready).rejects.toThrow('not here');
    await expect(deferred.send('mail', {})).rejects.toThrow('not here');
    expect(starts).toBe(1);
  });

  it('says when a call first wants the queue, so a server waiting to start it can start it at once', async () => {
    const deferred = deferJobQueue(() => Promise.reject(new Error('not here')));
    const settled = () =>
      Promise.race([deferred.wanted.then(() => true), new Promise((r) => setTimeout(r, 20, false))]);
    // Neither handing out the stand-in nor a hint to a worker that does not exist yet wants the queue.
    deferred.notifyWorker('mail');
    expect(await settled()).toBe(false);
    await expect(deferred.send('mail', {})).rejects.toThrow('not here');
    expect(await settled()).toBe(true);
  });

  it('never starts a queue once stopped: a call after that fails instead of opening one', async () => {
    let starts = 0;
    const deferred = deferJobQueue(() => {
      starts++;
      return Promise.reject(new Error('not here'));
    });
    await deferred.stop(1000);
    await expect(deferred.send('mail', {})).rejects.toThrow('stopped before it started');
    await expect(deferred.ready).rejects.toThrow('stopped before it started');
    expect(starts).toBe(0);
  });

  it('queues a job sent after the queue started but before its queue was created', async () => {
    const deferred = await startDeferred();
    const send = deferred.send('early-mail', { to: 'a@example.com' });
    const queue = await deferred.ready;
    // The workers create their queues on the started queue, then let the waiting calls through.
    await ensureQueue(queue, 'early-mail', { retryLimit: 0 });
    deferred.accept();
    const id = await send;
    expect(id).toBeTruthy();
    expect((await queue.getJobById<{ to: string }>('early-mail', id!))?.data).toEqual({ to: 'a@example.com' });
  });

  it('lets waiting calls through when the server stops before accepting, so they end instead of hanging', async () => {
    const deferred = await startDeferred();
    await deferred.ready;
    const send = deferred.send('never-created', {});
    await deferred.stop(1000);
    jobs = undefined;
    await expect(send).rejects.toThrow();
  });

  it('rejects waiting calls with the reason when the queue cannot start', async () => {
    jobs = deferJobQueue(() => Promise.reject(new Error('database is down')));
    await expect(jobs.send('mail', {})).rejects.toThrow('database is down');
    await expect(jobs.ready).rejects.toThrow('database is down');
    jobs = undefined;
  });
});
