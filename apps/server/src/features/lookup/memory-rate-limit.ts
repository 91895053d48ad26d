import { AppError } from '../../http/app-error';
import type { Clock } from '../../infra/clock';

/**
 * A per-IP fixed-window counter kept in this process's memory. The lookups
 * promise to put no load on the database, so they do not use the shared
 * counter of http/rate-limit.ts: each server process counts on its own,
 * which lets a client through at most once per process behind a load
 * balancer. That is fine for public, read-only directory data.
 */
export class MemoryRateLimit {
  private windowStart = 0;
  private hits = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one call from `subject`; throws RATE_LIMITED once the window is spent. */
  hit(subject: string): void {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    if (windowStart !== this.windowStart) {
      // A new window forgets every counter at once, so memory never outgrows one window's clients.
      this.windowStart = windowStart;
      this.hits = new Map();
    }
    const hits = (this.hits.get(subject) ?? 0) + 1;
    this.hits.set(subject, hits);
    if (hits > this.max) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil((windowStart + this.windowMs - now) / 1000) });
    }
  }
}
