import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES, LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';
import {
  OTHER_PASSWORD,
  PASSWORD,
  outcome,
  sessionSetCookies,
  setCookies,
  signUp,
  signUpAndConfirm,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUpAndConfirm(t, t.client(), 'login.ok@example.edu');
  await signUpAndConfirm(t, t.client(), 'Login.Mixed@Example.edu');
  await signUp(t, t.client(), 'login.pending@example.edu');
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) => t.client().post('/public/login', { username, password });
const invalidCredentials = { code: 'INVALID_CREDENTIALS', message: ERROR_MESSAGES.INVALID_CREDENTIALS };

describe('POST /public/login', () => {
  it('logs a confirmed account in and sets the session cookies', async () => {
    const res = await login('login.ok@example.edu', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.login, username: 'login.ok@example.edu' });
    const cookies = setCookies(res);
    expect(cookies.get(SESSION_COOKIE)?.value).toBeTruthy();
    expect(cookies.get(LOGIN_MARKER_COOKIE)?.value).toBeTruthy();
  });

  it('accepts the address in any letter case and answers with the stored one', async () => {
    const res = await login('login.mixed@example.EDU', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'Login.Mixed@Example.edu' });
  });

  it('gives one identical answer for a wrong password and an unknown address', async () => {
    const wrong = await login('login.ok@example.edu', OTHER_PASSWORD);
    const unknown = await login('login.nobody@example.edu', PASSWORD);
    const pendingWrong = await login('login.pending@example.edu', OTHER_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidCredentials);
    expect(outcome(unknown)).toEqual(outcome(wrong));
    expect(outcome(pendingWrong)).toEqual(outcome(wrong));
    for (const res of [wrong, unknown, pendingWrong]) expect(sessionSetCookies(res)).toEqual([]);
  });

  it('refuses an unconfirmed account with the right password: 403 ACCOUNT_NOT_CONFIRMED, no session', async () => {
    const res = await login('login.pending@example.edu', PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_NOT_CONFIRMED', message: ERROR_MESSAGES.ACCOUNT_NOT_CONFIRMED });
    expect(sessionSetCookies(res)).toEqual([]);
  });

  it('checks the address and the password with the login messages of SPEC section 5', async () => {
    const res = await login('not-an-address', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { username: ['Please provide a valid email address.'], password: ['Password is required.'] },
    });
  });

  it('checks any non-empty password against the stored hash, not against the sign-up rules', async () => {
    // A password that breaks today's rules is a wrong password (400 INVALID_CREDENTIALS), not a form error.
    const res = await login('login.ok@example.edu', 'x');
    expect(res.json()).toEqual(invalidCredentials);
  });

  it('records each successful login for the profile', async () => {
    const client = t.client();
    await client.post('/public/login', { username: 'login.ok@example.edu', password: PASSWORD });
    const before = (await client.get('/api/profile')).json().successful_login as string[];
    t.clock.advance(5_000);
    await client.post('/public/login', { username: 'login.ok@example.edu', password: PASSWORD });
    const after = (await client.get('/api/profile')).json().successful_login as string[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toBe(t.clock.now().toISOString());
  });
});
