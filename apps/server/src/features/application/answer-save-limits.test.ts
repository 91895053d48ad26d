import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MINUTE } from '../../infra/time-units';
import { ANSWER_SAVE_LIMITS } from './answer-route';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('per-session limits on answer saves', () => {
  it(`refuses a session's saves past ${ANSWER_SAVE_LIMITS.bytesPerMinute / 1024 / 1024} MB a minute with 429, without touching another session`, async () => {
    const flooder = await loggedInClient(t, 'save.flood@example.edu');
    const other = await loggedInClient(t, 'save.other@example.edu');
    const size = 5900;
    const big = { essay: 'x'.repeat(size) };
    let accepted = 0;
    let refused;
    for (let i = 0; i < 1000 && !refused; i++) {
      const res = await flooder.put('/api/answer', big);
      if (res.statusCode === 200) accepted += 1;
      else refused = res;
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // About 2 MB went through, and no more.
    expect(accepted * size).toBeLessThanOrEqual(ANSWER_SAVE_LIMITS.bytesPerMinute);
    expect(accepted * size).toBeGreaterThan(ANSWER_SAVE_LIMITS.bytesPerMinute / 2);
    expect((await other.put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await flooder.put('/api/answer', { first_name: 'Again' })).statusCode).toBe(200);
  }, 180_000);
});
