import type { Queryable } from '../infra/db/db';
import { isDatabaseUnavailable } from '../infra/db/database-unavailable';
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

  // One claim at a time per key: calls that arrive together (50 saves sent at once) wait for the claim in
  // flight and spend from it, instead of each claiming a lease of its own and overdrawing the window.
  const inFlight = new Map<string, Promise<void>>();

  const leaseOf = (key: string, start: number): Lease => {
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
    return mine;
  };

  const claimFor = async (key: string, now: number, mine: Lease, weight: number) => {
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
  };

  return {
    /** Spends `weight`, or throws RATE_LIMITED (with Retry-After) once every process's claims fill the window. */
    async hit(key: string, now: number, weight = 1): Promise<void> {
      if (weight > limit.max)
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(limit.windowMs / 1000) });
      const start = Math.floor(now / limit.windowMs) * limit.windowMs;
      for (;;) {
        const mine = leaseOf(key, start);
        if (mine.used + weight <= mine.granted) {
          mine.used += weight;
          return;
        }
        const waiting = inFlight.get(key);
        if (waiting) {
          // Its failure is its caller's to report; this call tries again with what is left. But a database
          // that cannot be reached fails this call too: trying again, each waiter would wait out the outage
          // once more, one after another (issue 48, item 8).
          await waiting.catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) throw err;
          });
          continue;
        }
        const claiming = claimFor(key, now, mine, weight);
        inFlight.set(key, claiming);
        try {
          await claiming;
        } finally {
          inFlight.delete(key);
        }
        // Claimed for this call's need at least: spend it on the next turn (unless a waiter got there first).
      }
    },
  };
}

export type SharedRateLimit = ReturnType<typeof createSharedRateLimit>;
