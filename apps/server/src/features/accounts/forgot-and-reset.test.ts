import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES, SESSION_COOKIE } from '@admissions/domain';
import {
  OTHER_PASSWORD,
  PASSWORD,
  lastResetLink,
  outcome,
  sessionCookiesHeld,
  sessionSetCookies,
  signUp,
  signUpAndConfirm,
  wholeDatabaseText,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { HOUR, MINUTE } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Brand-New-Secret-9';
const linkInvalid = { code: 'RESET_LINK_INVALID', message: ERROR_MESSAGES.RESET_LINK_INVALID };

const forgot = (username: string, client: TestClient = t.client(), headers?: Record<string, string>) =>
  client.post('/public/forgot-password', { username }, headers);

/** Asks for a reset link and returns its id. */
async function requestReset(username: string): Promise<string> {
  expect((await forgot(username)).statusCode).toBe(200);
  return lastResetLink(t, username).searchParams.get('id')!;
}

const reset = (username: string, id: string, password = NEW_PASSWORD, client: TestClient = t.client()) =>
  client.post('/public/reset-password', { username, password, confirm_password: password, id });

const login = (username: string, password: string, client: TestClient = t.client()) =>
  client.post('/public/login', { username, password });

describe('POST /public/forgot-password', () => {
  it('e-mails a link to PUBLIC_URL/reset with the username and a long random id', async () => {
    const username = 'forgot.link@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const res = await forgot(username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.forgot });

    const mail = t.smtp.last(username);
    expect(mail.subject).toMatch(/Reset your/);
    const link = lastResetLink(t, username);
    expect(link.origin + link.pathname).toBe('http://portal.test/reset');
    expect([...link.searchParams.keys()].sort()).toEqual(['id', 'username']);
    expect(link.searchParams.get('username')).toBe(username);
    const id = link.searchParams.get('id')!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43,}$/); // at least 256 bits in base64url

    t.clock.advance(MINUTE);
    await forgot(username);
    expect(lastResetLink(t, username).searchParams.get('id')).not.toBe(id);
  });

  it('builds the link from PUBLIC_URL, never from the Host the request names', async () => {
    const username = 'forgot.host@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const res = await forgot(username, t.client(), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(200);
    const mail = t.smtp.last(username);
    expect(mail.text).not.toContain('evil.example');
    expect(lastResetLink(t, username).origin).toBe('http://portal.test');
  });

  it('stores the reset id only as a hash', async () => {
    const username = 'forgot.hashed@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    const everything = await wholeDatabaseText(t);
    expect(everything).not.toContain(id);
    expect(everything).not.toContain(Buffer.from(id, 'base64url').toString('hex'));
  });

  it('answers unknown and known addresses identically, throttles included, and mails only the owner', async () => {
    const known = 'forgot.known@example.edu';
    const unknown = 'forgot.nobody@example.edu';
    await signUpAndConfirm(t, t.client(), known);
    const mailsBefore = t.smtp.to(known).length;

    const steps = [0, 30_000, 30_000, MINUTE, MINUTE, MINUTE, 10_000, 50_000];
    const seen: { known: ReturnType<typeof outcome>[]; unknown: ReturnType<typeof outcome>[] } = {
      known: [],
      unknown: [],
    };
    for (const step of steps) {
      t.clock.advance(step);
      const [a, b] = await Promise.all([forgot(known), forgot(unknown)]);
      seen.known.push(outcome(a!));
      seen.unknown.push(outcome(b!));
    }
    expect(seen.known.map((o) => [o.status, o.retryAfter])).toEqual([
      [200, undefined],
      [429, '30'],
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [429, '50'],
      [429, String(60 * 60 - 5 * 60)],
    ]);
    expect(JSON.parse(seen.known[1]!.body)).toEqual({ code: 'MAIL_TOO_SOON', message: ERROR_MESSAGES.MAIL_TOO_SOON });
    expect(JSON.parse(seen.known[7]!.body)).toMatchObject({ code: 'MAIL_TOO_SOON' });
    expect(seen.unknown).toEqual(seen.known);

    expect(t.smtp.to(known).length - mailsBefore).toBe(5);
    expect(t.smtp.to(unknown)).toHaveLength(0);
  });

  it('sends one link, not one each, when an address asks many times at the same instant', async () => {
    const username = 'forgot.burst@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const before = t.smtp.to(username).length;
    t.clock.advance(MINUTE);
    // Enough open database connections first, so that the requests really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => t.db.query('SELECT pg_sleep(0.05)')));
    // From eight addresses, so that no per-IP limit lines the requests up.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => forgot(username, t.client(`198.51.100.${i + 1}`))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(t.smtp.to(username).filter((m) => /Reset your/.test(m.subject))).toHaveLength(1);
    expect(t.smtp.to(username)).toHaveLength(before + 1);
  });

  it('checks the address with the message of SPEC section 5', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { username: ['Your email address must be valid.'] },
    });
  });
});

describe('POST /public/reset-password', () => {
  it('sets the new password, ends the other sessions, mails the owner and logs nobody in', async () => {
    const username = 'reset.main@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const elsewhere = t.client('198.51.100.20');
    expect((await login(username, PASSWORD, elsewhere)).statusCode).toBe(200);
    expect((await elsewhere.get('/api/profile')).statusCode).toBe(200);

    const id = await requestReset(username);
    const resetter = t.client('198.51.100.21');
    const res = await reset(username, id, NEW_PASSWORD, resetter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.reset });
    expect(sessionSetCookies(res)).toEqual([]);
    expect(sessionCookiesHeld(resetter)).toEqual([]);
    expect((await resetter.get('/api/profile')).statusCode).toBe(401);

    const ended = await elsewhere.get('/api/profile');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });

    const mail = t.smtp.last(username);
    expect(mail.subject).toMatch(/password was changed/);
    expect(mail.text).not.toContain(id);

    expect((await login(username, PASSWORD)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the session of the browser that makes the reset, ending only the others', async () => {
    const username = 'reset.keep@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const here = t.client();
    const there = t.client();
    await login(username, PASSWORD, here);
    await login(username, PASSWORD, there);
    const id = await requestReset(username);
    expect((await reset(username, id, NEW_PASSWORD, here)).statusCode).toBe(200);
    expect((await here.get('/api/profile')).statusCode).toBe(200);
    expect((await there.get('/api/profile')).statusCode).toBe(401);
  });

  it('works once', async () => {
    const username = 'reset.once@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    expect((await reset(username, id)).statusCode).toBe(200);
    const again = await reset(username, id, 'Third-Password-33');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(linkInvalid);
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works until just before 1 hour', async () => {
    const username = 'reset.late@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    t.clock.advance(HOUR - 1_000);
    expect((await reset(username, id)).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const username = 'reset.expired@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    t.clock.advance(HOUR);
    const res = await reset(username, id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(linkInvalid);
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
  });

  it('accepts only the latest link', async () => {
    const username = 'reset.latest@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const first = await requestReset(username);
    t.clock.advance(MINUTE);
    const second = await requestReset(username);
    expect((await reset(username, first)).json()).toEqual(linkInvalid);
    expect((await reset(username, second)).statusCode).toBe(200);
  });

  it('does not bring an older link back when the latest one is killed by wrong ids', async () => {
    const username = 'reset.revive@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const first = await requestReset(username);
    t.clock.advance(MINUTE);
    const second = await requestReset(username);
    for (let i = 0; i < 5; i++) await reset(username, `${second}x`);
    expect((await reset(username, second)).json()).toEqual(linkInvalid);
    expect((await reset(username, first)).json()).toEqual(linkInvalid);
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
  });

  it('kills the link after 5 wrong ids: even the right one then fails', async () => {
    const username = 'reset.dead@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    for (let i = 0; i < 5; i++) expect((await reset(username, `${id}x`)).json()).toEqual(linkInvalid);
    const right = await reset(username, id);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(linkInvalid);
    expect((await login(username, PASSWORD)).statusCode).toBe(200);

    // After only 4 wrong ids the link still works: it is the 5th that kills it.
    const other = 'reset.four@example.edu';
    await signUpAndConfirm(t, t.client(), other);
    const otherId = await requestReset(other);
    for (let i = 0; i < 4; i++) await reset(other, `${otherId}x`);
    expect((await reset(other, otherId)).statusCode).toBe(200);
  });

  it('gives one answer for an unknown address, a wrong id and an id of another account', async () => {
    const a = 'reset.a@example.edu';
    const b = 'reset.b@example.edu';
    await signUpAndConfirm(t, t.client(), a);
    await signUpAndConfirm(t, t.client(), b);
    const idA = await requestReset(a);
    const idB = await requestReset(b);
    const wrong = await reset(a, 'not-the-id');
    const crossed = await reset(a, idB);
    const unknown = await reset('reset.nobody@example.edu', idA);
    expect(wrong.json()).toEqual(linkInvalid);
    expect(outcome(crossed)).toEqual(outcome(wrong));
    expect(outcome(unknown)).toEqual(outcome(wrong));
  });

  it('confirms an unconfirmed account, since the link proves the address', async () => {
    const username = 'reset.unconfirmed@example.edu';
    await signUp(t, t.client(), username);
    t.clock.advance(MINUTE);
    const id = await requestReset(username);
    expect((await reset(username, id)).statusCode).toBe(200);
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts a login lockout', async () => {
    const username = 'reset.locked@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    for (let i = 0; i < 5; i++) await login(username, OTHER_PASSWORD);
    expect((await login(username, PASSWORD)).statusCode).toBe(429);
    const id = await requestReset(username);
    expect((await reset(username, id)).statusCode).toBe(200);
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('enforces the password rules and "passwords must match" with the messages of SPEC section 5', async () => {
    const res = await t.client().post('/public/reset-password', {
      username: 'not-an-address',
      password: 'short',
      confirm_password: 'different',
      id: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: {
        username: ['Your email address must be valid.'],
        password: [
          'is at least 12 characters',
          'contains at least one uppercase letter',
          'contains at least one number',
          'contains at least one special character',
        ],
        confirm_password: ['passwords must match'],
        id: ['The reset link is incomplete. Please use the link from your e-mail.'],
      },
    });
  });

  it('does not spend a try of the link on a form that breaks the rules', async () => {
    const username = 'reset.rules@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const id = await requestReset(username);
    for (let i = 0; i < 6; i++) {
      const res = await t.client().post('/public/reset-password', {
        username,
        password: NEW_PASSWORD,
        confirm_password: `${NEW_PASSWORD}!`,
        id,
      });
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { confirm_password: ['passwords must match'] },
      });
    }
    expect((await reset(username, id)).statusCode).toBe(200);
  });

  it('does not touch a session cookie the client may hold for the reset account', async () => {
    // The id in the link is the only credential: a stale cookie neither helps nor is renewed.
    const username = 'reset.cookie@example.edu';
    await signUpAndConfirm(t, t.client(), username);
    const client = t.client();
    client.cookies.set(SESSION_COOKIE, 'forged-session-id');
    const id = await requestReset(username);
    const res = await reset(username, id, NEW_PASSWORD, client);
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookies(res)).toEqual([]);
  });
});
