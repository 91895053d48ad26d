import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createMemoryRateLimit } from './memory-rate-limit';

const MINUTE = 60_000;
const refusal = (hit: () => void) => {
  try {
    hit();
  } catch (err) {
    return err instanceof AppError ? { code: err.code, retryAfter: err.retryAfterSeconds } : err;
  }
  return undefined;
};

describe('the in-memory rate limit', () => {
  it('lets a key spend its limit in a window, then refuses it with a Retry-After, and counts each key alone', () => {
    const limit = createMemoryRateLimit({ max: 3, windowMs: MINUTE });
    const at = 10 * MINUTE + 10_000;
    for (let i = 0; i < 3; i++) expect(refusal(() => limit.hit('a', at))).toBeUndefined();
    expect(refusal(() => limit.hit('a', at))).toEqual({ code: 'RATE_LIMITED', retryAfter: 50 });
    expect(refusal(() => limit.hit('b', at))).toBeUndefined();
  });

  it('slides by default: the last window still counts at the start of the next, so an edge burst gets no double', () => {
    const limit = createMemoryRateLimit({ max: 3, windowMs: MINUTE });
    for (let i = 0; i < 3; i++) limit.hit('a', 10 * MINUTE + 50_000);
    expect(refusal(() => limit.hit('a', 11 * MINUTE))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refusal(() => limit.hit('a', 11 * MINUTE + 45_000))).toBeUndefined();
  });

  it('with slide false, a window starts afresh when it ends, as its Retry-After said', () => {
    const limit = createMemoryRateLimit({ max: 3, windowMs: MINUTE, slide: false });
    for (let i = 0; i < 3; i++) limit.hit('a', 10 * MINUTE + 10_000);
    expect(refusal(() => limit.hit('a', 10 * MINUTE + 10_000))).toEqual({ code: 'RATE_LIMITED', retryAfter: 50 });
    expect(refusal(() => limit.hit('a', 11 * MINUTE))).toBeUndefined();
  });
});
