import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_COOKIE_PREFIX, LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';
import {
  PASSWORD,
  isCleared,
  sessionCookiesHeld,
  setCookies,
  signUpAndConfirm,
  wholeDatabaseText,
} from '../../test-support/account-helpers';
import { DEVICE_COOKIE } from './device-cookie';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { HOUR, MINUTE } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUpAndConfirm(t, t.client(), 'session@example.edu');
});
afterAll(async () => {
  await t?.close();
});

async function loggedIn(app: TestApp = t, username = 'session@example.edu'): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/public/login', { username, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

const profileStatus = async (client: TestClient) => (await client.get('/api/profile')).statusCode;

describe('session cookies', () => {
  it('puts an opaque random id of at least 128 bits in an HttpOnly, SameSite=Lax cookie, not Secure on http', async () => {
    const client = t.client();
    const res = await client.post('/public/login', { username: 'session@example.edu', password: PASSWORD });
    const session = setCookies(res).get(SESSION_COOKIE)!;
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{22,}$/); // 22 base64url characters carry 132 bits
    expect(Buffer.from(session.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(session.value).not.toContain('session@example.edu');
    expect(session.attributes.has('httponly')).toBe(true);
    expect(session.attributes.get('samesite')).toBe('Lax');
    expect(session.attributes.get('path')).toBe('/');
    expect(session.attributes.has('secure')).toBe(false);
  });

  it('sets a JS-readable marker cookie with the login prefix that carries no secret', async () => {
    const client = t.client();
    const res = await client.post('/public/login', { username: 'session@example.edu', password: PASSWORD });
    const cookies = setCookies(res);
    const marker = cookies.get(LOGIN_MARKER_COOKIE)!;
    expect(LOGIN_MARKER_COOKIE.startsWith(LOGIN_COOKIE_PREFIX)).toBe(true);
    expect(LOGIN_MARKER_COOKIE).toBe('ap_idp_signed_in');
    expect(marker.attributes.has('httponly')).toBe(false);
    expect(marker.attributes.get('samesite')).toBe('Lax');
    expect(marker.value).not.toBe(cookies.get(SESSION_COOKIE)!.value);
    expect(marker.value.length).toBeLessThan(8);

    // The marker alone opens nothing.
    const markerOnly = t.client();
    markerOnly.cookies.set(LOGIN_MARKER_COOKIE, marker.value);
    expect(await profileStatus(markerOnly)).toBe(401);
  });

  it('stores only a hash of the session id', async () => {
    const client = await loggedIn();
    const id = client.cookies.get(SESSION_COOKIE)!;
    const everything = await wholeDatabaseText(t);
    expect(everything).not.toContain(id);
    expect(everything).not.toContain(Buffer.from(id, 'base64url').toString('hex'));
  });

  it('gives a new id at each login and ends the session the browser had before', async () => {
    const client = await loggedIn();
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.post('/public/login', { username: 'session@example.edu', password: PASSWORD });
    const second = client.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await profileStatus(client)).toBe(200);

    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, first);
    expect(await profileStatus(replay)).toBe(401);

    const elsewhere = await loggedIn();
    expect(elsewhere.cookies.get(SESSION_COOKIE)).not.toBe(second);
    expect(await profileStatus(client)).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(200);
  });

  it('refuses a made-up session id', async () => {
    const client = t.client();
    client.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('session lifetime', () => {
  it('survives 14:59 without a request, and each request extends it', async () => {
    const client = await loggedIn();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(15 * MINUTE - 1_000);
      expect(await profileStatus(client)).toBe(200);
    }
  });

  it('counts the idle time from the last request, even one made seconds after the previous', async () => {
    const client = await loggedIn();
    t.clock.advance(10_000);
    expect(await profileStatus(client)).toBe(200);
    t.clock.advance(15 * MINUTE - 1_000);
    expect(await profileStatus(client)).toBe(200);
  });

  it('ends after 15:00 without a request: 401, and both cookies are cleared', async () => {
    const client = await loggedIn();
    t.clock.advance(5 * MINUTE);
    expect(await profileStatus(client)).toBe(200);
    t.clock.advance(15 * MINUTE);
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const cookies = setCookies(res);
    expect(isCleared(cookies.get(SESSION_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(LOGIN_MARKER_COOKIE))).toBe(true);
    expect(cookies.get(LOGIN_MARKER_COOKIE)!.attributes.get('path')).toBe('/');
    expect(sessionCookiesHeld(client)).toEqual([]);
  });

  it('ends 12 hours after login even when the applicant stays active', async () => {
    const client = await loggedIn();
    let elapsed = 0;
    while (elapsed + 14 * MINUTE < 12 * HOUR) {
      t.clock.advance(14 * MINUTE);
      elapsed += 14 * MINUTE;
      expect(await profileStatus(client)).toBe(200);
    }
    t.clock.advance(12 * HOUR - elapsed - 1_000);
    expect(await profileStatus(client)).toBe(200); // 11:59:59 after login
    t.clock.advance(1_000);
    expect(await profileStatus(client)).toBe(401); // 12:00:00 after login
  });

  it('clears both cookies on any 401, even without a session cookie', async () => {
    const res = await t.client().get('/api/profile');
    expect(res.statusCode).toBe(401);
    const cookies = setCookies(res);
    expect(isCleared(cookies.get(SESSION_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(LOGIN_MARKER_COOKIE))).toBe(true);
  });
});

describe('with an https PUBLIC_URL', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ PUBLIC_URL: 'https://portal.test' });
    await signUpAndConfirm(secure, secure.client(), 'secure@example.edu');
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('names every cookie __Host- and marks it Secure, Path=/ with no Domain, at login and when clearing them', async () => {
    const client = secure.client();
    const res = await client.post('/public/login', { username: 'secure@example.edu', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const set = setCookies(res);
    expect([...set.keys()].sort()).toEqual([
      `__Host-${DEVICE_COOKIE}`,
      `__Host-${LOGIN_MARKER_COOKIE}`,
      `__Host-${SESSION_COOKIE}`,
    ]);
    for (const cookie of set.values()) {
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
    }
    expect(set.get(`__Host-${SESSION_COOKIE}`)!.attributes.has('httponly')).toBe(true);
    expect(set.get(`__Host-${DEVICE_COOKIE}`)!.attributes.has('httponly')).toBe(true);
    expect(set.get(`__Host-${LOGIN_MARKER_COOKIE}`)!.attributes.has('httponly')).toBe(false);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    // The unprefixed name is not the session over https.
    const plain = secure.client();
    plain.cookies.set(SESSION_COOKIE, client.cookies.get(`__Host-${SESSION_COOKIE}`)!);
    expect((await plain.get('/api/profile')).statusCode).toBe(401);

    const out = await client.get('/api/logout');
    const cleared = setCookies(out);
    expect(isCleared(cleared.get(`__Host-${SESSION_COOKIE}`))).toBe(true);
    expect(cleared.get(`__Host-${SESSION_COOKIE}`)!.attributes.has('secure')).toBe(true);
    expect(cleared.get(`__Host-${LOGIN_MARKER_COOKIE}`)!.attributes.has('secure')).toBe(true);
  });

  it('links e-mails to the https address', async () => {
    await secure.client().post('/public/forgot-password', { username: 'secure@example.edu' });
    expect(secure.smtp.last('secure@example.edu').text).toContain('https://portal.test/reset?');
  });
});
