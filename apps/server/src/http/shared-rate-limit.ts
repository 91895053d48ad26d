import type { Queryable } from '../infra/db/db';
import { AppError } from './app-error';
import { hitRateLimit, type RateLimit } from './rate-limit';

export interface SharedRateLimitOptions extends RateLimit {
  /**
   * How much of the window's budget a process claims from the database at a
   * time, to spend from memory: one statement per `lease` calls (or bytes)
   * instead of one per call. Larger leases cost fewer statements and may
   * leave more of the budget claimed but unspent by a process a client has
   * left (at most lease × processes, refused early, never let through).
   */
  lease: number;
  /** Keys kept in memory at most; beyond it the oldest leases are dropped (their unspent part is forfeit). */
  maxKeys?: number;
}

interface Lease {
  start: number;
  granted: number;
  used: number;
}

/**
 * A limit that holds across every server process on one database (issue 31):
 * the budget lives in the shared `rate_limits` counter (rate-limit.ts, the
 * sliding window), and each process claims it in leases that it spends from
 * memory. What all processes together let through is never more than what
 * they claimed, and what they claimed never passes the limit: with N
 * processes a client still gets the limit once, not N times. The hot paths
 * (a save, a lookup) pay a database statement once per lease.
 */
export function createSharedRateLimit(db: Queryable, options: SharedRateLimitOptions) {
  const { lease, maxKeys = 50_000, ...limit } = options;
  const leases = new Map<string, Lease>();

  const claim = async (key: string, now: number, amount: number) => {
    await hitRateLimit(db, limit, key, new Date(now), amount);
  };

  return {
    /** Spends `weight`, or throws RATE_LIMITED (with Retry-After) once every process's claims fill the window. */
    async hit(key: string, now: number, weight = 1): Promise<void> {
      if (weight > limit.max)
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(limit.windowMs / 1000) });
      const start = Math.floor(now / limit.windowMs) * limit.windowMs;
      let mine = leases.get(key);
      if (!mine || mine.start !== start) {
        if (leases.size >= maxKeys) {
          for (const old of leases.keys()) {
            leases.delete(old);
            if (leases.size < maxKeys * 0.9) break;
          }
        }
        mine = { start, granted: 0, used: 0 };
        leases.set(key, mine);
      }
      if (mine.used + weight <= mine.granted) {
        mine.used += weight;
        return;
      }
      const need = mine.used + weight - mine.granted;
      const ask = Math.min(Math.max(need, lease), limit.max);
      try {
        await claim(key, now, ask);
        mine.granted += ask;
      } catch (err) {
        // A full lease no longer fits: the part this call needs may still.
        if (!(err instanceof AppError) || ask <= need) throw err;
        await claim(key, now, need);
        mine.granted += need;
      }
      mine.used += weight;
    },
  };
}

export type SharedRateLimit = ReturnType<typeof createSharedRateLimit>;
