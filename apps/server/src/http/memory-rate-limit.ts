import { AppError } from './app-error';

export interface MemoryRateLimitOptions {
  /** Most weight (requests, or bytes) a key may spend in any window. */
  max: number;
  windowMs: number;
  /** Keys kept at most; beyond it the stalest are forgotten (a forgotten key starts afresh). */
  maxKeys?: number;
  /**
   * false: a fixed window, whose count starts afresh when the window ends, as its Retry-After says.
   * For public read-only calls (the lookups), where a burst at a window's edge costs nothing.
   */
  slide?: boolean;
}

interface Bucket {
  start: number;
  used: number;
  previous: number;
}

/**
 * A sliding-window limit kept in this process's memory, for hot paths that
 * must not pay a database round trip per request (the answer save, PDF copies,
 * uploads). The window slides: the previous fixed window's use counts in
 * proportion to how much of it still overlaps, so a burst at a window's edge
 * does not get twice the limit. With several server processes each keeps its
 * own count, so a client spread over N processes gets at most N times the
 * limit: these limits bound abuse, the per-address ones in the database
 * protect accounts. The one in-memory limiter of the server (decision 033).
 */
export function createMemoryRateLimit({ max, windowMs, maxKeys = 50_000, slide = true }: MemoryRateLimitOptions) {
  const buckets = new Map<string, Bucket>();

  const forgetStale = (now: number) => {
    for (const [key, b] of buckets) {
      if (buckets.size <= maxKeys * 0.9) break;
      if (b.start < now - 2 * windowMs || buckets.size > maxKeys) buckets.delete(key);
    }
  };

  return {
    /** Spends `weight`, or throws RATE_LIMITED (with Retry-After) without spending anything. */
    hit(key: string, now: number, weight = 1): void {
      const start = Math.floor(now / windowMs) * windowMs;
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) forgetStale(now);
        b = { start, used: 0, previous: 0 };
        buckets.set(key, b);
      } else if (b.start !== start) {
        b.previous = slide && b.start === start - windowMs ? b.used : 0;
        b.used = 0;
        b.start = start;
      }
      const overlap = 1 - (now - start) / windowMs;
      const estimate = b.previous * overlap + b.used + weight;
      if (estimate > max) {
        // When the previous window's share has shrunk enough, or at the latest when this window ends.
        const room = max - b.used - weight;
        const waitMs =
          b.previous > 0 && room > 0 ? start + windowMs * (1 - room / b.previous) - now : start + windowMs - now;
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
      b.used += weight;
    },
    size: () => buckets.size,
  };
}

export type MemoryRateLimit = ReturnType<typeof createMemoryRateLimit>;
