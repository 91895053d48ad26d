import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES } from '@admissions/domain';
import {
  lastCode,
  otherCode,
  outcome,
  signUp,
  signUpAndConfirm,
  wholeDatabaseText,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { HOUR, MINUTE } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOURLY_MESSAGE =
  'We have sent several e-mails to this address in the last hour. Please check your inbox, or try again later.';

const resend = (username: string) => t.client().post('/public/resend-confirm', { username });
const confirm = (username: string, code: string) => t.client().post('/public/confirm', { username, code });

describe('POST /public/resend-confirm', () => {
  it('is refused within 60 seconds of the last resend, with Retry-After, then sends a new code', async () => {
    const username = 'resend.soon@example.edu';
    await signUp(t, t.client(), username);
    expect((await resend(username)).statusCode).toBe(200);
    expect(t.smtp.to(username)).toHaveLength(2);

    const now = await resend(username);
    expect(now.statusCode).toBe(429);
    expect(now.json()).toEqual({ code: 'MAIL_TOO_SOON', message: ERROR_MESSAGES.MAIL_TOO_SOON });
    expect(now.headers['retry-after']).toBe('60');

    t.clock.advance(59_000);
    const almost = await resend(username);
    expect(almost.statusCode).toBe(429);
    expect(almost.headers['retry-after']).toBe('1');
    expect(t.smtp.to(username)).toHaveLength(2);

    t.clock.advance(1_000);
    const ok = await resend(username);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.resend });
    expect(t.smtp.to(username)).toHaveLength(3);
    expect(lastCode(t, username)).toMatch(/^\d{6}$/);
  });

  it('answers right after a sign-up, or an attempt to sign up again, as it answers for an unknown address', async () => {
    const fresh = 'resend.fresh@example.edu';
    const again = 'resend.again@example.edu';
    await signUp(t, t.client(), fresh);
    await signUp(t, t.client(), again);
    t.clock.advance(MINUTE);
    // A second sign-up for an address with an account mails its owner instead.
    await t.client().post('/public/signup', { username: again, password: 'Another-Horse-43' });
    for (const [known, unknown] of [
      [fresh, 'resend.fresh.nobody@example.edu'],
      [again, 'resend.again.nobody@example.edu'],
    ]) {
      const [a, b] = [await resend(known!), await resend(unknown!)];
      expect(outcome(a)).toEqual(outcome(b));
      expect(a.statusCode).toBe(200);
    }
  });

  it('makes only the latest code valid: the older one fails after a resend', async () => {
    const username = 'resend.latest@example.edu';
    const first = await signUp(t, t.client(), username);
    t.clock.advance(MINUTE);
    await resend(username);
    const second = lastCode(t, username);
    if (second !== first) {
      const old = await confirm(username, first);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ code: 'CODE_INVALID', message: ERROR_MESSAGES.CODE_INVALID });
    }
    expect((await confirm(username, second)).statusCode).toBe(200);
  });

  it('does not bring an older code back when the latest one is killed by wrong tries', async () => {
    const username = 'resend.revive@example.edu';
    const first = await signUp(t, t.client(), username);
    t.clock.advance(MINUTE);
    await resend(username);
    const second = lastCode(t, username);
    let wrong = otherCode(second);
    if (wrong === first) wrong = otherCode(wrong);
    for (let i = 0; i < 5; i++) await confirm(username, wrong);
    expect((await confirm(username, second)).statusCode).toBe(400);
    const old = await confirm(username, first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ code: 'CODE_INVALID', message: ERROR_MESSAGES.CODE_INVALID });
  });

  it('stores the new code only as a hash', async () => {
    const username = 'resend.hashed@example.edu';
    await signUp(t, t.client(), username);
    t.clock.advance(MINUTE);
    await resend(username);
    expect(await wholeDatabaseText(t)).not.toContain(lastCode(t, username));
  });

  it('revives a code killed by 5 wrong tries only through a new code', async () => {
    const username = 'resend.dead@example.edu';
    const code = await signUp(t, t.client(), username);
    for (let i = 0; i < 5; i++) await confirm(username, otherCode(code));
    expect((await confirm(username, code)).statusCode).toBe(400);
    t.clock.advance(MINUTE);
    expect((await resend(username)).statusCode).toBe(200);
    expect((await confirm(username, lastCode(t, username))).statusCode).toBe(200);
  });

  it('allows 5 resends an hour; the 6th is refused until the oldest is an hour old', async () => {
    const username = 'resend.hourly@example.edu';
    await signUp(t, t.client(), username); // the sign-up's own e-mail counts apart
    for (let i = 0; i < 5; i++) {
      if (i) t.clock.advance(MINUTE);
      expect((await resend(username)).statusCode).toBe(200); // resends 1..5 at 0:00..0:04
    }
    t.clock.advance(MINUTE); // 0:05
    const sixth = await resend(username);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'MAIL_TOO_SOON', message: HOURLY_MESSAGE });
    expect(sixth.headers['retry-after']).toBe(String(55 * 60));
    expect(t.smtp.to(username)).toHaveLength(6);

    t.clock.advance(55 * MINUTE - 1_000);
    expect((await resend(username)).statusCode).toBe(429);
    t.clock.advance(1_000);
    expect((await resend(username)).statusCode).toBe(200);
    expect(t.smtp.to(username)).toHaveLength(7);
  });

  it('answers unknown, unconfirmed and confirmed addresses identically, throttles included', async () => {
    const unconfirmed = 'resend.pending@example.edu';
    const confirmed = 'resend.done@example.edu';
    const unknown = 'resend.nobody@example.edu';
    await signUp(t, t.client(), unconfirmed);
    await signUpAndConfirm(t, t.client(), confirmed);
    t.clock.advance(HOUR + MINUTE); // the sign-up e-mails are out of every window

    // Five a minute apart, two too soon in between, then the hourly limit.
    const steps = [0, 30_000, 30_000, MINUTE, MINUTE, MINUTE, 10_000, 50_000, MINUTE];
    const seen: Record<string, ReturnType<typeof outcome>[]> = { unconfirmed: [], confirmed: [], unknown: [] };
    for (const step of steps) {
      t.clock.advance(step);
      const [a, b, c] = await Promise.all([resend(unconfirmed), resend(confirmed), resend(unknown)]);
      seen.unconfirmed!.push(outcome(a!));
      seen.confirmed!.push(outcome(b!));
      seen.unknown!.push(outcome(c!));
    }
    expect(seen.unconfirmed!.map((o) => [o.status, o.retryAfter])).toEqual([
      [200, undefined],
      [429, '30'],
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [429, '50'],
      [429, String(60 * 60 - 5 * 60)],
      [429, String(60 * 60 - 6 * 60)],
    ]);
    expect(seen.confirmed).toEqual(seen.unconfirmed);
    expect(seen.unknown).toEqual(seen.unconfirmed);

    // What differs is only what the owners receive.
    expect(t.smtp.to(unknown)).toHaveLength(0);
    expect(
      t.smtp
        .to(unconfirmed)
        .slice(1)
        .every((m) => /Your confirmation code is: \d{6}/.test(m.text)),
    ).toBe(true);
    const toConfirmed = t.smtp.to(confirmed).slice(1);
    expect(toConfirmed).toHaveLength(5);
    expect(toConfirmed.every((m) => /already confirmed/.test(m.subject) && !/\b\d{6}\b/.test(m.text))).toBe(true);
  });

  it('sends one e-mail, not one each, when an address asks many times at the same instant', async () => {
    const username = 'resend.burst@example.edu';
    await signUp(t, t.client(), username);
    t.clock.advance(MINUTE);
    // Enough open database connections first, so that the requests really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => t.db.query('SELECT pg_sleep(0.05)')));
    // From eight addresses, so that no per-IP limit lines the requests up.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.client(`198.51.100.${i + 1}`).post('/public/resend-confirm', { username })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(t.smtp.to(username)).toHaveLength(2); // the sign-up's and one resend's
  });

  it('counts the throttle per address whatever its letter case', async () => {
    await resend('resend.mixed@example.edu');
    const res = await resend('RESEND.Mixed@example.edu');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'MAIL_TOO_SOON' });
  });

  it('refuses an invalid address with the message of SPEC section 5', async () => {
    const res = await resend('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { username: ['You must provide a valid email address to resend a confirmation code.'] },
    });
  });
});
