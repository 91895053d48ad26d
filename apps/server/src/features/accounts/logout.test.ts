import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES, LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';
import {
  PASSWORD,
  isCleared,
  sessionCookiesHeld,
  sessionSetCookies,
  setCookies,
  signUpAndConfirm,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUpAndConfirm(t, t.client(), 'logout@example.edu');
});
afterAll(async () => {
  await t?.close();
});

async function loggedIn(): Promise<TestClient> {
  const client = t.client();
  expect((await client.post('/public/login', { username: 'logout@example.edu', password: PASSWORD })).statusCode).toBe(
    200,
  );
  return client;
}

describe('GET /api/logout', () => {
  it('revokes the session on the server and clears both cookies', async () => {
    const client = await loggedIn();
    const id = client.cookies.get(SESSION_COOKIE)!;

    const res = await client.get('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.logout });
    const cookies = setCookies(res);
    expect(isCleared(cookies.get(SESSION_COOKIE))).toBe(true);
    expect(isCleared(cookies.get(LOGIN_MARKER_COOKIE))).toBe(true);
    expect(cookies.get(SESSION_COOKIE)!.attributes.get('path')).toBe('/');
    expect(cookies.get(LOGIN_MARKER_COOKIE)!.attributes.get('path')).toBe('/');
    expect(sessionCookiesHeld(client)).toEqual([]);

    // A copy of the old cookie kept by an attacker or a stale tab is dead too.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, id);
    const after = await replay.get('/api/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
    expect((await replay.get('/api/logout')).statusCode).toBe(401);
  });

  it('ends only its own session', async () => {
    const leaving = await loggedIn();
    const staying = await loggedIn();
    expect((await leaving.get('/api/logout')).statusCode).toBe(200);
    expect((await staying.get('/api/profile')).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const res = await t.client().get('/api/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
  });

  it('is refused from another site, and the session survives', async () => {
    const client = await loggedIn();
    const forged = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site', origin: 'http://evil.test' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ code: 'FORBIDDEN_ORIGIN', message: ERROR_MESSAGES.FORBIDDEN_ORIGIN });
    expect(sessionSetCookies(forged)).toEqual([]);
    const headForged = await client.request('HEAD', '/api/logout', undefined, { 'sec-fetch-site': 'same-site' });
    expect(headForged.statusCode).toBe(403);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  it('works from the page itself (Sec-Fetch-Site: same-origin, no Origin header, as browsers send a GET)', async () => {
    const client = await loggedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'same-origin', cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/profile')).statusCode).toBe(401);
  });
});
