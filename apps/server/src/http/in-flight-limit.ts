import { AppError } from './app-error';

export interface InFlightLimitOptions {
  /** Runs at once for one key (an applicant): more are refused, not queued. */
  perKey: number;
  /** Runs at once in this process, all keys together: the bounded queue of a slow resource. */
  total: number;
  /** What the client is told to wait when refused. */
  retryAfterSeconds: number;
}

/**
 * Bounds concurrent work on a slow, shared resource (the PDF drawing thread,
 * an upload's conversion): one client cannot fill the queue, and when it is
 * full every newcomer is answered 429 with Retry-After at once, instead of
 * waiting behind everyone and timing out. Per process, in memory.
 */
export function createInFlightLimit({ perKey, total, retryAfterSeconds }: InFlightLimitOptions) {
  const running = new Map<string, number>();
  let all = 0;
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const mine = running.get(key) ?? 0;
      if (mine >= perKey || all >= total) throw new AppError('RATE_LIMITED', { retryAfterSeconds });
      running.set(key, mine + 1);
      all += 1;
      try {
        return await work();
      } finally {
        all -= 1;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      }
    },
    inFlight: () => all,
  };
}

export type InFlightLimit = ReturnType<typeof createInFlightLimit>;
