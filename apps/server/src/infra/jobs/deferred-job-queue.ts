import type { JobQueue } from './job-queue';

/** A job queue that is still starting: calls wait for it, so the server can listen before it is up. */
export type DeferredJobQueue = JobQueue & {
  /**
   * The started queue, for creating the queues and registering the workers; reading it starts the
   * queue. Rejects when the queue could not start, or when the stand-in was stopped first.
   */
  readonly ready: Promise<JobQueue>;
  /**
   * Settles when a call first needs the queue (a job sent, a worker asked for), so that an owner
   * that puts off starting the queue can start it at once for the request that waits on it.
   */
  readonly wanted: Promise<void>;
  /** The queues exist now: the calls waiting on the stand-in, and every later one, go to the started queue. */
  accept(): void;
};

/**
 * Hands out a stand-in at once and starts the queue when it is first needed:
 * when the server asks for `ready` a moment after it listens, or when a call
 * comes first (`wanted` tells the server so). Started any earlier, loading
 * pg-boss ran between the steps of building the app, or just after listening,
 * and put off the first answers. Every call waits until the
 * owner has created the queues on the started queue and said `accept`, then
 * goes to it: pg-boss refuses a job for a queue that does not exist yet, so a
 * mail asked for in the server's first second would otherwise fail while the
 * mail worker is still creating its queue. It is queued a moment later
 * instead, never lost. `notifyWorker` (a hint to poll now) is dropped while no
 * worker exists yet. Loading pg-boss and checking its schema take a few
 * hundred milliseconds that the first answers no longer wait for.
 */
export function deferJobQueue(start: () => Promise<JobQueue>): DeferredJobQueue {
  let started: Promise<JobQueue> | undefined;
  let stopped = false;
  // A server that stopped before its queue started must not open one on the database it is closing.
  const ready = () =>
    (started ??= stopped ? Promise.reject(new Error('The job queue was stopped before it started.')) : start());
  let accepted: JobQueue | undefined;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let want!: () => void;
  const wanted = new Promise<void>((resolve) => (want = resolve));
  let usable: Promise<JobQueue> | undefined;
  // A failed start is reported by whoever awaits `ready` (server.ts); calls made meanwhile reject with it.
  const whenUsable = () => {
    want();
    return (usable ??= Promise.all([ready(), opened]).then(([queue]) => (accepted = queue)));
  };
  return new Proxy({} as DeferredJobQueue, {
    get(target, property) {
      if (property === 'ready') return ready();
      if (property === 'wanted') return wanted;
      if (property === 'then') return undefined;
      if (property === 'accept') return () => open();
      if (property === 'notifyWorker')
        return (...args: unknown[]) => (accepted?.notifyWorker as ((...a: unknown[]) => void) | undefined)?.(...args);
      if (property === 'stop')
        return async (graceMs?: number) => {
          stopped = true;
          const queue = await started?.catch(() => undefined);
          await queue?.stop(graceMs);
          // Calls still waiting go to the stopped queue and fail, instead of holding their requests open.
          open();
        };
      return async (...args: unknown[]) => {
        const queue = await whenUsable();
        const method = queue[property as keyof JobQueue] as (...a: unknown[]) => unknown;
        return method.apply(queue, args);
      };
    },
  });
}
