import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, TEMPORARY_ANSWERS_TTL_DAYS } from '@admissions/domain';
import { wholeDatabaseText } from '../../test-support/account-helpers';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ANSWERS = { first_name: 'Ada', last_name: 'Lovelace', suspended: 'Y', suspended_comment: 'Explained.' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'This link to saved answers is invalid or has expired.' };

const storedCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM temporary_answers')).rows[0]!.n;

async function saveForLater(body: unknown) {
  const res = await t.client().post('/public/tmp', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; token: string; url: string; expires_at: string }>();
}

describe('POST /public/tmp', () => {
  it("stores a visitor's answers without a session and answers with the token, the resume link and the expiry", async () => {
    const visitor = t.client();
    const res = await visitor.post('/public/tmp', { answer: ANSWERS });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body).toEqual({
      message: 'Your answers are saved. Keep this link to come back to them.',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      url: expect.any(String),
      expires_at: new Date(t.clock.now().getTime() + TEMPORARY_ANSWERS_TTL_DAYS * DAY).toISOString(),
    });
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${TEST_PUBLIC_URL}/about`);
    expect([...url.searchParams]).toEqual([['token', body.token]]);
  });

  it('stores only a hash of the token: the database never holds the token itself', async () => {
    const { token } = await saveForLater({ answer: { first_name: 'Hashed' } });
    const everything = await wholeDatabaseText(t);
    expect(everything).toContain('Hashed');
    expect(everything).not.toContain(token);
  });

  it('e-mails the resume link over SMTP when an address is given', async () => {
    const email = 'visitor.mail@example.edu';
    const body = await saveForLater({ answer: ANSWERS, email });
    expect(body.message).toBe('Your answers are saved. We have e-mailed you a link to come back to them.');
    const mails = t.smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([email]);
    expect(mails[0]!.text).toContain(body.url);
  });

  it('sends no mail without an address', async () => {
    const before = t.smtp.mails.length;
    await saveForLater({ answer: ANSWERS });
    expect(t.smtp.mails).toHaveLength(before);
  });

  it('refuses an invalid address with 400 VALIDATION_FAILED, storing and sending nothing', async () => {
    const before = await storedCount();
    const res = await t.client().post('/public/tmp', { answer: ANSWERS, email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: [expect.any(String)] } });
    expect(await storedCount()).toBe(before);
    expect(t.smtp.to('not-an-address')).toHaveLength(0);
  });

  it('refuses unknown answer keys with 400 UNKNOWN_ANSWER_KEY and stores nothing', async () => {
    const before = await storedCount();
    const res = await t
      .client()
      .post('/public/tmp', { answer: { first_name: 'Ada', password: 'x' }, email: 'visitor.unknown@example.edu' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'UNKNOWN_ANSWER_KEY',
      message: ERROR_MESSAGES.UNKNOWN_ANSWER_KEY,
      errors: { password: ['This question is not part of the application.'] },
    });
    expect(await storedCount()).toBe(before);
    expect(t.smtp.to('visitor.unknown@example.edu')).toHaveLength(0);
  });

  it('refuses over-long and non-string answers with 400 and stores nothing', async () => {
    const before = await storedCount();
    const long = await t.client().post('/public/tmp', { answer: { first_name: 'x'.repeat(46) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { first_name: [expect.any(String)] } });
    const number = await t.client().post('/public/tmp', { answer: { first_name: 1 } });
    expect(number.statusCode).toBe(400);
    expect(number.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const extra = await t.client().post('/public/tmp', { answer: {}, token: 'chosen-by-me' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a request from another site with 403 FORBIDDEN_ORIGIN', async () => {
    const before = await storedCount();
    const res = await t.client().post('/public/tmp', { answer: ANSWERS }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /public/tmp', () => {
  it('returns the saved answers for the token, to anyone holding it', async () => {
    const { token, expires_at } = await saveForLater({ answer: ANSWERS });
    const res = await t.client('198.51.100.20').get(`/public/tmp?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ answer: ANSWERS, expires_at });
  });

  it('follows the e-mailed link to the same answers', async () => {
    const email = 'visitor.link@example.edu';
    await saveForLater({ answer: { first_name: 'Linked' }, email });
    const link = /(http:\/\/portal\.test\/about\?token=\S+)/.exec(t.smtp.last(email).text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const res = await t.client().get(`/public/tmp?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toEqual({ first_name: 'Linked' });
  });

  it("keeps each visitor's answers apart", async () => {
    const a = await saveForLater({ answer: { first_name: 'A' } });
    const b = await saveForLater({ answer: { first_name: 'B' } });
    expect(a.token).not.toBe(b.token);
    expect((await t.client().get(`/public/tmp?token=${a.token}`)).json().answer).toEqual({ first_name: 'A' });
    expect((await t.client().get(`/public/tmp?token=${b.token}`)).json().answer).toEqual({ first_name: 'B' });
  });

  it.each([
    ['an unknown token', `?token=${'A'.repeat(43)}`],
    ['a token that is too short', '?token=abc'],
    ['no token', ''],
    ['an empty token', '?token='],
  ])('answers %s with 404 NOT_FOUND', async (_name, query) => {
    const res = await t.client().get(`/public/tmp${query}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers a slightly altered token with 404 NOT_FOUND', async () => {
    const { token } = await saveForLater({ answer: ANSWERS });
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const res = await t.client().get(`/public/tmp?token=${altered}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  // Last in the file: it moves the shared clock a month ahead.
  it(`works until ${TEMPORARY_ANSWERS_TTL_DAYS} days have passed, then answers 404 NOT_FOUND`, async () => {
    const { token } = await saveForLater({ answer: ANSWERS });
    t.clock.advance(TEMPORARY_ANSWERS_TTL_DAYS * DAY - 1);
    expect((await t.client().get(`/public/tmp?token=${token}`)).statusCode).toBe(200);
    t.clock.advance(1);
    const res = await t.client().get(`/public/tmp?token=${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});
