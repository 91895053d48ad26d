import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@admissions/domain';
import {
  OTHER_PASSWORD,
  PASSWORD,
  outcome,
  sessionSetCookies,
  signUpAndConfirm,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const u of [
    'lock.known@example.edu',
    'lock.right@example.edu',
    'lock.case@example.edu',
    'lock.other@example.edu',
  ]) {
    await signUpAndConfirm(t, t.client(), u);
  }
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) => t.client().post('/public/login', { username, password });
const locked = { code: 'LOGIN_LOCKED', message: ERROR_MESSAGES.LOGIN_LOCKED };
const invalid = { code: 'INVALID_CREDENTIALS', message: ERROR_MESSAGES.INVALID_CREDENTIALS };

/** Five free failures, so that the next wrong attempt is refused. */
async function failFiveTimes(username: string) {
  for (let i = 0; i < 5; i++) expect((await login(username, OTHER_PASSWORD)).json()).toEqual(invalid);
}

describe('login lockout per address', () => {
  it('locks for 30 s, 60 s, 120 s … doubling up to 15 minutes, identically for an unknown address', async () => {
    const addresses = { known: 'lock.known@example.edu', unknown: 'lock.nobody@example.edu' };
    const both = async (password: string) => {
      const [known, unknown] = await Promise.all([
        login(addresses.known, password),
        login(addresses.unknown, password),
      ]);
      expect(outcome(unknown!)).toEqual(outcome(known!));
      return known!;
    };

    for (let i = 0; i < 4; i++) expect((await both(OTHER_PASSWORD)).json()).toEqual(invalid);
    // The 5th failure is still answered normally; it starts the first lock.
    expect((await both(OTHER_PASSWORD)).json()).toEqual(invalid);

    const expectedLocks = [30, 60, 120, 240, 480, 900, 900];
    for (const seconds of expectedLocks) {
      const refused = await both(OTHER_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(locked);
      expect(refused.headers['retry-after']).toBe(String(seconds));

      t.clock.advance(seconds * 1000 - 1000);
      const stillRefused = await both(OTHER_PASSWORD);
      expect(stillRefused.statusCode).toBe(429);
      expect(stillRefused.headers['retry-after']).toBe('1');

      t.clock.advance(1000);
      // The lock is over: this attempt is checked, fails, and starts the next (longer) lock.
      const failed = await both(OTHER_PASSWORD);
      expect(failed.statusCode).toBe(400);
      expect(failed.json()).toEqual(invalid);
    }
  });

  it('refuses even the right password while locked, and accepts it once the lock expires', async () => {
    const username = 'lock.right@example.edu';
    await failFiveTimes(username);
    const refused = await login(username, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(locked);
    expect(refused.headers['retry-after']).toBe('30');
    expect(sessionSetCookies(refused)).toEqual([]);

    t.clock.advance(30_000);
    const ok = await login(username, PASSWORD);
    expect(ok.statusCode).toBe(200);
  });

  it('forgets the failures after a successful login: five more free tries', async () => {
    const username = 'lock.right@example.edu';
    for (let i = 0; i < 4; i++) await login(username, OTHER_PASSWORD);
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(username, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures per address whatever its letter case', async () => {
    for (const u of [
      'lock.case@example.edu',
      'LOCK.case@example.edu',
      'Lock.Case@Example.edu',
      'lock.CASE@example.edu',
      'lock.case@EXAMPLE.EDU',
    ]) {
      expect((await login(u, OTHER_PASSWORD)).json()).toEqual(invalid);
    }
    expect((await login('lock.case@example.edu', PASSWORD)).statusCode).toBe(429);
  });

  it('does not lock other addresses', async () => {
    await failFiveTimes('lock.victim@example.edu');
    expect((await login('lock.victim@example.edu', OTHER_PASSWORD)).statusCode).toBe(429);
    expect((await login('lock.other@example.edu', PASSWORD)).statusCode).toBe(200);
  });
});
