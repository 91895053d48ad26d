import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../infra/db/db';
import { createTestDb } from '../test-support/test-db';
import { AppError } from './app-error';
import { hitRateLimit, type RateLimit } from './rate-limit';

/**
 * The database's sliding-window counter: Retry-After is the truth, so a caller who waits exactly that long gets
 * through, and one who comes back a second earlier does not.
 */
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const MINUTE = 60_000;

/** The Retry-After of a refused hit, or null when the hit passed. */
async function retryAfter(limit: RateLimit, subject: string, at: number): Promise<number | null> {
  try {
    await hitRateLimit(db, limit, subject, new Date(at));
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') return err.retryAfterSeconds ?? -1;
    throw err;
  }
}

describe('Retry-After of the sliding window', () => {
  it('is enough, and no longer than needed, when this window alone is over the limit', async () => {
    const limit: RateLimit = { name: 'test-slide', max: 5, windowMs: MINUTE };
    const start = 1_000 * MINUTE;
    for (let i = 0; i < 5; i += 1) expect(await retryAfter(limit, 'a', start)).toBeNull();
    const wait = await retryAfter(limit, 'a', start);
    expect(wait).not.toBeNull();
    // One second short of it is still refused; exactly it passes.
    expect(await retryAfter(limit, 'a', start + (wait! - 1) * 1000)).not.toBeNull();
    expect(await retryAfter(limit, 'a', start + wait! * 1000)).toBeNull();
  });

  it('is enough when the previous window still counts', async () => {
    const limit: RateLimit = { name: 'test-slide-previous', max: 5, windowMs: MINUTE };
    const start = 2_000 * MINUTE;
    for (let i = 0; i < 5; i += 1) expect(await retryAfter(limit, 'b', start + 50_000)).toBeNull();
    // Ten seconds into the next window, the previous five still count five sixths.
    const at = start + MINUTE + 10_000;
    const wait = await retryAfter(limit, 'b', at);
    expect(wait).not.toBeNull();
    expect(await retryAfter(limit, 'b', at + (wait! - 1) * 1000)).not.toBeNull();
    expect(await retryAfter(limit, 'b', at + wait! * 1000)).toBeNull();
  });

  it('of a fixed window is its end', async () => {
    const limit: RateLimit = { name: 'test-fixed', max: 2, windowMs: MINUTE, slide: false };
    const start = 3_000 * MINUTE;
    expect(await retryAfter(limit, 'c', start + 30_000)).toBeNull();
    expect(await retryAfter(limit, 'c', start + 30_000)).toBeNull();
    expect(await retryAfter(limit, 'c', start + 30_000)).toBe(30);
    expect(await retryAfter(limit, 'c', start + MINUTE)).toBeNull();
  });
});
