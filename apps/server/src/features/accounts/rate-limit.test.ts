import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@admissions/domain';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rateLimited = { code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED };

let n = 0;
const forgot = (client: TestClient, headers?: Record<string, string>) =>
  client.post('/public/forgot-password', { username: `flood${++n}@example.edu` }, headers);

/** Moves the clock to `second` seconds past the start of the next minute (the limits count per clock minute). */
function toNextMinute(second = 0) {
  const now = t.clock.now().getTime();
  t.clock.advance(60_000 - (now % 60_000) + second * 1000);
}

describe('per-IP rate limits', () => {
  it('refuses the 61st forgot-password call within a sliding minute from one IP, with an honest Retry-After; other IPs are fine', async () => {
    toNextMinute(10);
    const flooder = t.client('192.0.2.1');
    for (let i = 0; i < 60; i++) {
      const res = await forgot(flooder);
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    const refused = await forgot(flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    // Not at the minute's end (the burst still counts in full then), but once it has faded a sixtieth.
    expect(refused.headers['retry-after']).toBe('51');

    expect((await forgot(t.client('192.0.2.2'))).statusCode).toBe(200);

    t.clock.advance(49_000);
    const stillRefused = await forgot(flooder);
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('2');

    // The next minute starts, but the window slides: the burst of the last minute still counts, fading.
    t.clock.advance(1_000);
    const slid = await forgot(flooder);
    expect(slid.statusCode).toBe(429);
    expect(slid.headers['retry-after']).toBe('1');
    // Retry-After is honest: after it, one call goes through, and the next is refused again.
    t.clock.advance(1_000);
    expect((await forgot(flooder)).statusCode).toBe(200);
    // Capacity comes back gradually, not as a fresh 60 at the minute's turn.
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await forgot(flooder)).statusCode);
    expect(statuses).toContain(429);
  });

  it('does not trust X-Forwarded-For from a client when no proxy is configured', async () => {
    toNextMinute();
    const flooder = t.client('192.0.2.3');
    for (let i = 0; i < 60; i++) await forgot(flooder, { 'x-forwarded-for': `10.0.${i}.1` });
    const res = await forgot(flooder, { 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(rateLimited);
  });

  // The limit counts before the form is checked, so cheap invalid bodies prove it without hashing passwords.
  it.each([
    ['/public/signup', 100, { username: 'bad', password: '' }],
    ['/public/confirm', 100, { username: 'bad', code: '' }],
    ['/public/resend-confirm', 60, { username: 'bad' }],
    ['/public/reset-password', 60, { username: 'bad', password: '', confirm_password: '', id: '' }],
    ['/public/login', 300, { username: 'bad', password: '' }],
  ] as const)('limits %s to %i calls a minute per IP', async (url, max, body) => {
    toNextMinute();
    const client = t.client(`198.51.100.${++n % 250}`);
    for (let i = 0; i < max; i++) {
      const res = await client.post(url, body);
      expect(res.statusCode).toBe(400);
    }
    const refused = await client.post(url, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    // The minute's end, then the burst's share fading by one call's worth: 60 s and a fraction, rounded up.
    expect(refused.headers['retry-after']).toBe('61');
  });
});
