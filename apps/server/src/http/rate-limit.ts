import type { Queryable } from '../infra/db/db';
import { AppError } from './app-error';

export interface RateLimit {
  /** Name of the limited action, part of the stored key. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * false: a fixed window, whose count starts afresh when the window ends (the previous window's
   * hits do not count). For public read-only calls, where a burst at a window's edge costs nothing.
   */
  slide?: boolean;
}

/**
 * Sliding-window counter kept in the database, so every server process
 * behind a load balancer shares it: the previous fixed window's hits count in
 * proportion to how much of it still overlaps the last `windowMs`, so a burst
 * straddling a window's edge gets no more than the limit. One statement per
 * hit. Throws RATE_LIMITED once the window is spent.
 */
export async function hitRateLimit(
  db: Queryable,
  limit: RateLimit,
  subject: string,
  now: Date,
  weight = 1,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const previousStart = new Date(windowStart.getTime() - limit.windowMs);
  const { rows } = await db.query<{ hits: number; prev_hits: number }>(
    `INSERT INTO rate_limits (key, window_start, hits, prev_hits) VALUES ($1, $2, $4, 0)
     ON CONFLICT (key) DO UPDATE SET
       prev_hits = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.prev_hits
                        WHEN rate_limits.window_start = $3 THEN rate_limits.hits ELSE 0 END,
       hits = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.hits + $4 ELSE $4 END,
       window_start = EXCLUDED.window_start
     RETURNING hits, prev_hits`,
    [`${limit.name}:${subject}`, windowStart, previousStart, weight],
  );
  const hits = rows[0]?.hits ?? 0;
  const previous = limit.slide === false ? 0 : (rows[0]?.prev_hits ?? 0);
  const elapsed = now.getTime() - windowStart.getTime();
  if (previous * (1 - elapsed / limit.windowMs) + hits > limit.max) {
    // When the previous window's share has shrunk enough. When this window alone is full: once it has ended and
    // its own hits (the next window's previous share) have shrunk enough in turn, not at its end (they still count).
    const room = limit.max - hits;
    const kept = hits - weight;
    const waitMs =
      previous > 0 && room >= 0
        ? (limit.windowMs * (previous - room)) / previous - elapsed
        : limit.windowMs -
          elapsed +
          (limit.slide === false || kept <= 0
            ? 0
            : Math.max(0, (limit.windowMs * (kept - (limit.max - weight))) / kept));
    // A refused call spends nothing, so Retry-After is the truth: waiting that long is enough.
    await db.query('UPDATE rate_limits SET hits = greatest(hits - $2, 0) WHERE key = $1', [
      `${limit.name}:${subject}`,
      weight,
    ]);
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }
}
