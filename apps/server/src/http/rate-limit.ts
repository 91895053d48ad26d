import type { Queryable } from '../infra/db/db';
import { AppError } from './app-error';

export interface RateLimit {
  /** Name of the limited action, part of the stored key. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counter kept in the database, so every server process behind
 * a load balancer shares it. Throws RATE_LIMITED once the window is spent.
 */
export async function hitRateLimit(db: Queryable, limit: RateLimit, subject: string, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.hits + 1 ELSE 1 END,
       window_start = EXCLUDED.window_start
     RETURNING hits`,
    [`${limit.name}:${subject}`, windowStart],
  );
  if ((rows[0]?.hits ?? 0) > limit.max) {
    const retryAfterSeconds = Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);
    throw new AppError('RATE_LIMITED', { retryAfterSeconds });
  }
}
