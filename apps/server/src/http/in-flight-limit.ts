import { AppError } from './app-error';

export interface InFlightLimitOptions {
  /** Runs at once for one key (an applicant): more wait their turn, or are refused without a queue. */
  perKey: number;
  /** Runs at once in this process, all keys together: the bounded queue of a slow resource. */
  total: number;
  /** What the client is told to wait when refused. */
  retryAfterSeconds: number;
  /**
   * Runs that may wait for a free place, first come first served, and for how long: a burst of
   * applicants is served in turn instead of refused. Without it every run beyond the limits is
   * refused at once.
   */
  queue?: { max: number; maxWaitMs: number };
}

interface Waiter {
  key: string;
  start: () => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Bounds concurrent work on a slow, shared resource (the PDF drawing thread):
 * one client cannot take every place, and a run beyond the limits waits in a
 * bounded first-come-first-served queue for at most `maxWaitMs`. When the queue
 * is full, or the wait is over, the newcomer is answered 429 with Retry-After,
 * never left to wait behind everyone until a timeout. Per process, in memory:
 * it bounds this process's own thread.
 */
export function createInFlightLimit({ perKey, total, retryAfterSeconds, queue }: InFlightLimitOptions) {
  const running = new Map<string, number>();
  const waiting: Waiter[] = [];
  let all = 0;

  const refused = () => new AppError('RATE_LIMITED', { retryAfterSeconds });
  const hasRoom = (key: string) => all < total && (running.get(key) ?? 0) < perKey;
  const take = (key: string) => {
    running.set(key, (running.get(key) ?? 0) + 1);
    all += 1;
  };
  const release = (key: string) => {
    all -= 1;
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
    // The longest-waiting run that now has room starts; one whose key is still busy keeps its place.
    const next = waiting.findIndex((w) => hasRoom(w.key));
    if (next >= 0) waiting.splice(next, 1)[0]!.start();
  };

  const place = (key: string, patient: boolean): Promise<void> => {
    if (hasRoom(key)) {
      take(key);
      return Promise.resolve();
    }
    if (!patient && (!queue || waiting.length >= queue.max)) return Promise.reject(refused());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        start: () => {
          clearTimeout(waiter.timer);
          take(key);
          resolve();
        },
        timer: patient
          ? undefined
          : setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(refused());
            }, queue!.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };

  return {
    /**
     * Runs `work` when there is room. A `patient` run is work the server gave itself, bounded by its own
     * cause (one per submission): it waits as long as it takes, beyond the queue's bounds, behind the
     * runs already waiting.
     */
    async run<T>(key: string, work: () => Promise<T>, { patient = false } = {}): Promise<T> {
      await place(key, patient);
      try {
        return await work();
      } finally {
        release(key);
      }
    },
    inFlight: () => all,
    waiting: () => waiting.length,
  };
}

export type InFlightLimit = ReturnType<typeof createInFlightLimit>;
