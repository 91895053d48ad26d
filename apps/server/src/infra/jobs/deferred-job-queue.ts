import type { JobQueue } from './job-queue';

/** A job queue that is still starting: calls wait for it, so the server can listen before it is up. */
export type DeferredJobQueue = JobQueue & {
  /** Resolves when the queue has started; rejects when it could not start. */
  readonly ready: Promise<JobQueue>;
};

/**
 * Starts the queue in the background and hands out a stand-in at once. Every
 * call waits for the started queue and then goes to it, so a mail asked for
 * in the server's first second is queued a moment later, never lost;
 * `notifyWorker` (a hint to poll now) is dropped while no worker exists yet.
 * Loading pg-boss and checking its schema take a few hundred milliseconds
 * that the server's first answers no longer wait for.
 */
export function deferJobQueue(start: () => Promise<JobQueue>): DeferredJobQueue {
  const ready = start();
  let started: JobQueue | undefined;
  // A failed start is reported by whoever awaits `ready` (server.ts); calls made meanwhile reject with it.
  ready.then(
    (queue) => (started = queue),
    () => undefined,
  );
  return new Proxy({ ready } as DeferredJobQueue, {
    get(target, property) {
      if (property === 'ready') return ready;
      if (property === 'then') return undefined;
      if (property === 'notifyWorker')
        return (...args: unknown[]) => (started?.notifyWorker as ((...a: unknown[]) => void) | undefined)?.(...args);
      if (property === 'stop')
        return async (graceMs?: number) => {
          const queue = await ready.catch(() => undefined);
          await queue?.stop(graceMs);
        };
      return async (...args: unknown[]) => {
        const queue = await ready;
        const method = queue[property as keyof JobQueue] as (...a: unknown[]) => unknown;
        return method.apply(queue, args);
      };
    },
  });
}
