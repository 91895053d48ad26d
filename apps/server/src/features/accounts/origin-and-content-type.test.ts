import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@admissions/domain';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A fresh unknown address each time, so the per-address mail throttle never answers first. */
const fresh = () => `origin${++n}@example.edu`;

/** A raw request with exactly the given headers (no Origin unless given). */
function send(
  headers: Record<string, string>,
  payload?: string,
  url = '/public/forgot-password',
  method: 'POST' | 'GET' = 'POST',
) {
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: '203.0.113.50',
  });
}
const json = { 'content-type': 'application/json' };
const body = () => JSON.stringify({ username: fresh() });

const forbidden = { code: 'FORBIDDEN_ORIGIN', message: ERROR_MESSAGES.FORBIDDEN_ORIGIN };
const unsupported = { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE };

describe('same-origin guard on calls that change state', () => {
  it("accepts an Origin equal to PUBLIC_URL's origin", async () => {
    const res = await send({ ...json, origin: TEST_PUBLIC_URL }, body());
    expect(res.statusCode).toBe(200);
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin header', async () => {
    const res = await send({ ...json, 'sec-fetch-site': 'same-origin' }, body());
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['no Origin and no Sec-Fetch-Site', {}],
    ['another site', { origin: 'http://evil.test' }],
    ['another scheme', { origin: 'https://portal.test' }],
    ['another port', { origin: 'http://portal.test:8080' }],
    ['a sub-domain', { origin: 'http://www.portal.test' }],
    ['the opaque origin "null"', { origin: 'null' }],
    ['a cross-site fetch with a matching Origin', { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'cross-site' }],
    ['a same-site fetch with a matching Origin', { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-site' }],
    ['a navigation typed by the user', { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'none' }],
  ])('refuses %s with 403 FORBIDDEN_ORIGIN', async (_label, headers) => {
    const username = fresh();
    const res = await send({ ...json, ...headers }, JSON.stringify({ username }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('refuses before doing anything: no account, no e-mail', async () => {
    const username = fresh();
    const res = await send(
      { ...json, origin: 'http://evil.test' },
      JSON.stringify({ username, password: 'Correct-Horse-42' }),
      '/public/signup',
    );
    expect(res.statusCode).toBe(403);
    expect(t.smtp.to(username)).toHaveLength(0);
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE email = $1', [username]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    '/public/signup',
    '/public/confirm',
    '/public/resend-confirm',
    '/public/forgot-password',
    '/public/reset-password',
    '/public/login',
  ])('guards POST %s', async (url) => {
    const res = await send({ ...json, origin: 'http://evil.test' }, '{}', url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('leaves reads alone: GET /public/tenant needs no Origin', async () => {
    const res = await send({}, undefined, '/public/tenant', 'GET');
    expect(res.statusCode).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it.each([
    ['text/plain', 'text/plain', '{"username":"a@example.edu"}'],
    ['text/plain with charset', 'text/plain;charset=UTF-8', '{"username":"a@example.edu"}'],
    ['a form post', 'application/x-www-form-urlencoded', 'username=a%40example.edu'],
    [
      'a multipart form',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na@example.edu\r\n--x--\r\n',
    ],
    ['XML', 'application/xml', '<username>a@example.edu</username>'],
  ])('refuses %s with 415 UNSUPPORTED_MEDIA_TYPE', async (_label, contentType, payload) => {
    const res = await send({ origin: TEST_PUBLIC_URL, 'content-type': contentType }, payload);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(unsupported);
  });

  it('refuses a body without a content type with 415', async () => {
    const res = await send({ origin: TEST_PUBLIC_URL }, '{"username":"a@example.edu"}');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(unsupported);
  });

  it.each([
    ['malformed JSON', '{"username": "a@example.edu"'],
    ['an empty JSON body', ''],
    ['a JSON array', '["a@example.edu"]'],
    ['a JSON string', '"a@example.edu"'],
    ['null', 'null'],
    ['an unknown key', JSON.stringify({ username: 'a@example.edu', admin: true })],
    ['a missing key', JSON.stringify({})],
    ['a value of the wrong type', JSON.stringify({ username: 42 })],
    ['a prototype-polluting key', '{"username":"a@example.edu","__proto__":{"x":1}}'],
  ])('answers %s with 400 BAD_REQUEST', async (_label, payload) => {
    const res = await send({ ...json, origin: TEST_PUBLIC_URL }, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST });
  });

  it('names an unknown key in the 400 answer', async () => {
    const res = await send(
      { ...json, origin: TEST_PUBLIC_URL },
      JSON.stringify({ username: 'a@example.edu', password: 'x', role: 'admin' }),
      '/public/login',
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('role');
  });

  it('refuses a body over the size limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await send({ ...json, origin: TEST_PUBLIC_URL }, JSON.stringify({ username: 'a'.repeat(300_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE });
  });
});
