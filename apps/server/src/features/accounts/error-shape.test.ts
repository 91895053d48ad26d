import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  GENERIC_ERROR_MESSAGE,
  SESSION_COOKIE,
  type ErrorCode,
} from '@admissions/domain';
import { OTHER_PASSWORD, PASSWORD, signUp, signUpAndConfirm } from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUpAndConfirm(t, t.client(), 'shape@example.edu');
  await signUp(t, t.client(), 'shape.pending@example.edu');
});
afterAll(async () => {
  await t?.close();
});

/** Every error answer: JSON, a known code with its status, a message, and nothing internal. */
function expectErrorShape(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  code: ErrorCode,
) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(res.statusCode).toBe(ERROR_STATUS[code]);
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => ['code', 'message', 'errors', 'request_id'].includes(k))).toBe(true);
  expect(res.body).not.toMatch(/stack|\bat .*\.(ts|js):\d+|node_modules|FST_|SELECT|INSERT|relation|pglite|postgres/i);
}

describe('error answers', () => {
  it('gives every error code the same JSON shape', async () => {
    const c = t.client();
    const cases: [ErrorCode, () => ReturnType<typeof c.get>][] = [
      ['VALIDATION_FAILED', () => c.post('/public/forgot-password', { username: 'nope' })],
      ['BAD_REQUEST', () => c.post('/public/forgot-password', { username: 'a@example.edu', extra: 1 })],
      [
        'INVALID_CREDENTIALS',
        () => c.post('/public/login', { username: 'shape@example.edu', password: OTHER_PASSWORD }),
      ],
      ['CODE_INVALID', () => c.post('/public/confirm', { username: 'shape@example.edu', code: '000000' })],
      [
        'RESET_LINK_INVALID',
        () =>
          c.post('/public/reset-password', {
            username: 'shape@example.edu',
            password: PASSWORD,
            confirm_password: PASSWORD,
            id: 'x',
          }),
      ],
      ['UNAUTHORIZED', () => c.get('/api/profile')],
      [
        'ACCOUNT_NOT_CONFIRMED',
        () => c.post('/public/login', { username: 'shape.pending@example.edu', password: PASSWORD }),
      ],
      [
        'FORBIDDEN_ORIGIN',
        () => c.post('/public/forgot-password', { username: 'a@example.edu' }, { origin: 'http://evil.test' }),
      ],
      ['NOT_FOUND', () => c.get('/api/no-such-call')],
      ['UNSUPPORTED_MEDIA_TYPE', () => c.post('/public/forgot-password', undefined, { 'content-type': 'text/plain' })],
      [
        'MAIL_TOO_SOON',
        // A second resend within the minute (the sign-up mail counts apart: issue 27, item 4).
        async () => {
          await c.post('/public/resend-confirm', { username: 'shape.pending@example.edu' });
          return c.post('/public/resend-confirm', { username: 'shape.pending@example.edu' });
        },
      ],
    ];
    for (const [code, call] of cases) {
      const res = await call();
      expectErrorShape(res, code);
      expect(res.json().message).toBe(ERROR_MESSAGES[code]);
    }
  });

  it('answers 401 UNAUTHORIZED with the session message for a missing, unknown or expired session', async () => {
    const expected = {
      code: 'UNAUTHORIZED',
      message: 'Your session is invalid. Please clear your cookies and login again.',
    };
    expect((await t.client().get('/api/profile')).json()).toEqual(expected);

    const unknown = t.client();
    unknown.cookies.set(SESSION_COOKIE, 'not-a-session');
    expect((await unknown.get('/api/profile')).json()).toEqual(expected);

    const expired = t.client();
    await expired.post('/public/login', { username: 'shape@example.edu', password: PASSWORD });
    t.clock.advance(15 * 60_000);
    const res = await expired.get('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expected);
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/profile/extra'],
    ['POST', '/api/nope'],
    ['GET', '/public/nope'],
    ['DELETE', '/public/signup'],
  ] as const)('answers an unknown call %s %s with 404 JSON NOT_FOUND', async (method, url) => {
    const res = await t.client().request(method, url, method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
  });
});

describe('an internal failure', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp();
    await signUpAndConfirm(broken, broken.client(), 'broken@example.edu');
  });
  afterAll(async () => {
    await broken?.close();
  });

  const internal = { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE };

  it('is masked as 500 INTERNAL with the generic message: no SQL error reaches the client', async () => {
    const client = broken.client();
    await client.post('/public/login', { username: 'broken@example.edu', password: PASSWORD });
    await broken.db.query('ALTER TABLE logins RENAME TO logins_gone');
    try {
      const res = await client.get('/api/profile');
      expect(res.statusCode).toBe(500);
      // The request id leads from an applicant's screenshot to the log line (decision 045), and says nothing else.
      expect(res.json()).toEqual({ ...internal, request_id: res.headers['x-request-id'] });
      expectErrorShape(res, 'INTERNAL');
    } finally {
      await broken.db.query('ALTER TABLE logins_gone RENAME TO logins');
    }
  });

  it('is masked when the database is gone, on public and session calls alike', async () => {
    const client = broken.client();
    await client.post('/public/login', { username: 'broken@example.edu', password: PASSWORD });
    await broken.db.close();
    // Closed once here; the app's own close() must not close it again.
    broken.db.close = async () => {};

    for (const res of [
      await client.get('/api/profile'),
      await client.post('/public/forgot-password', { username: 'broken@example.edu' }),
      await client.post('/public/login', { username: 'broken@example.edu', password: PASSWORD }),
    ]) {
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe(JSON.stringify({ ...internal, request_id: res.headers['x-request-id'] }));
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // The origin check still answers first: nothing leaks either way.
    const forged = await broken.app.inject({
      method: 'POST',
      url: '/public/forgot-password',
      headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(403);
  });
});
