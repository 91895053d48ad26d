import type { JobQueue } from './job-queue';

/** A job queue that is still starting: calls wait for it, so the server can listen before it is up. */
export type DeferredJobQueue = JobQueue & {
  /** The started queue, for creating the queues and registering the workers; rejects when it could not start. */
  readonly ready: Promise<JobQueue>;
  /** The queues exist now: the calls waiting on the stand-in, and every later one, go to the started queue. */
  accept(): void;
};

/**
 * Starts the queue in the background and hands out a stand-in at once. Every
 * call waits until the owner has created the queues on the started queue and
 * said `accept`, then goes to it: pg-boss refuses a job for a queue that does
 * not exist yet, so a mail asked for in the server's first second would
 * otherwise fail while the mail worker is still creating its queue. It is
 * queued a moment later instead, never lost. `notifyWorker` (a hint to poll
 * now) is dropped while no worker exists yet. Loading pg-boss and checking its
 * schema take a few hundred milliseconds that the first answers no longer wait for.
 */
export function deferJobQueue(start: () => Promise<JobQueue>): DeferredJobQueue {
  const ready = start();
  let accepted: JobQueue | undefined;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  // A failed start is reported by whoever awaits `ready` (server.ts); calls made meanwhile reject with it.
  const usable = Promise.all([ready, opened]).then(([queue]) => (accepted = queue));
  usable.catch(() => undefined);
  return new Proxy({ ready } as DeferredJobQueue, {
    get(target, property) {
      if (property === 'ready') return ready;
      if (property === 'then') return undefined;
      if (property === 'accept') return () => open();
      if (property === 'notifyWorker')
        return (...args: unknown[]) => (accepted?.notifyWorker as ((...a: unknown[]) => void) | undefined)?.(...args);
      if (property === 'stop')
        return async (graceMs?: number) => {
          const queue = await ready.catch(() => undefined);
          await queue?.stop(graceMs);
          // Calls still waiting go to the stopped queue and fail, instead of holding their requests open.
          open();
        };
      return async (...args: unknown[]) => {
        const queue = await usable;
        const method = queue[property as keyof JobQueue] as (...a: unknown[]) => unknown;
        return method.apply(queue, args);
      };
    },
  });
}
