import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES, PASSWORD_RULES } from '@admissions/domain';
import {
  OTHER_PASSWORD,
  PASSWORD,
  lastCode,
  outcome,
  sessionSetCookies,
  wholeDatabaseText,
} from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userRows = (email: string) =>
  t.db.query<{ email: string; password_hash: string; confirmed_at: Date | null }>(
    'SELECT email, password_hash, confirmed_at FROM users WHERE lower(email) = lower($1)',
    [email],
  );

describe('POST /public/signup', () => {
  it('creates an account and e-mails a 6-digit code over SMTP', async () => {
    const res = await t.client().post('/public/signup', { username: 'ada@example.edu', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.signup });
    const mail = t.smtp.last('ada@example.edu');
    expect(mail.to).toEqual(['ada@example.edu']);
    expect(mail.subject).toMatch(/confirmation code: \d{6}$/);
    expect(mail.text).toMatch(/Your confirmation code is: \d{6}/);
  });

  it('stores the address and an argon2id hash of the password, never the password or the code', async () => {
    await t.client().post('/public/signup', { username: 'Hashed.User@Example.edu', password: PASSWORD });
    const { rows } = await userRows('hashed.user@example.edu');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('Hashed.User@Example.edu');
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.confirmed_at).toBeNull();
    const everything = await wholeDatabaseText(t);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(lastCode(t, 'Hashed.User@Example.edu'));
  });

  it('does not create a second account for the same address in another letter case', async () => {
    await t.client().post('/public/signup', { username: 'case@example.edu', password: PASSWORD });
    const again = await t.client().post('/public/signup', { username: 'CASE@Example.EDU', password: OTHER_PASSWORD });
    expect(again.statusCode).toBe(200);
    expect((await userRows('case@example.edu')).rows).toHaveLength(1);
  });

  it('answers an already registered address exactly like a new one, and tells the owner', async () => {
    const first = await t.client().post('/public/signup', { username: 'grace@example.edu', password: PASSWORD });
    t.clock.advance(61_000); // past the one-mail-a-minute throttle
    const again = await t.client().post('/public/signup', { username: 'GRACE@example.edu', password: OTHER_PASSWORD });
    const fresh = await t.client().post('/public/signup', { username: 'grace.new@example.edu', password: PASSWORD });
    expect(outcome(again)).toEqual(outcome(first));
    expect(outcome(again)).toEqual(outcome(fresh));
    expect(sessionSetCookies(again)).toEqual([]);
    const mails = t.smtp.to('grace@example.edu');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/Someone tried to create/);
    expect(mails[1]!.text).toContain('http://portal.test/login');
    expect(mails[1]!.text).toContain('http://portal.test/forgot');
    expect(mails[1]!.text).not.toMatch(/\b\d{6}\b/);
  });

  it('never changes the existing account: its password and confirmation stay as they were', async () => {
    const owner = t.client();
    await owner.post('/public/signup', { username: 'owner@example.edu', password: PASSWORD });
    await owner.post('/public/confirm', { username: 'owner@example.edu', code: lastCode(t, 'owner@example.edu') });
    const before = (await userRows('owner@example.edu')).rows[0]!;

    t.clock.advance(61_000);
    const attacker = t.client('198.51.100.7');
    const res = await attacker.post('/public/signup', { username: 'owner@example.edu', password: OTHER_PASSWORD });
    expect(res.statusCode).toBe(200);

    expect((await userRows('owner@example.edu')).rows[0]).toEqual(before);
    const withNew = await attacker.post('/public/login', { username: 'owner@example.edu', password: OTHER_PASSWORD });
    expect(withNew.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const withOld = await owner.post('/public/login', { username: 'owner@example.edu', password: PASSWORD });
    expect(withOld.statusCode).toBe(200);
  });

  it('gives the same answer again within a minute, without another e-mail', async () => {
    const first = await t.client().post('/public/signup', { username: 'quick@example.edu', password: PASSWORD });
    const again = await t.client().post('/public/signup', { username: 'quick@example.edu', password: PASSWORD });
    expect(outcome(again)).toEqual(outcome(first));
    expect(t.smtp.to('quick@example.edu')).toHaveLength(1);
  });

  it('enforces the e-mail and password rules with the messages of SPEC section 5', async () => {
    const res = await t.client().post('/public/signup', { username: 'not-an-email', password: ' short' });
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
          'contains no leading or trailing whitespace',
        ],
      },
    });
    expect(t.smtp.to('not-an-email')).toHaveLength(0);
  });

  it.each([
    ['Short-Pw-1', 'is at least 12 characters'],
    ['no-upper-case-1', 'contains at least one uppercase letter'],
    ['NO-LOWER-CASE-1', 'contains at least one lowercase letter'],
    ['No-Digits-Here!', 'contains at least one number'],
    ['NoSpecialChars123', 'contains at least one special character'],
    [' Leading-Space-1', 'contains no leading or trailing whitespace'],
    ['Trailing-Space-1 ', 'contains no leading or trailing whitespace'],
  ])('refuses the password %j with exactly %j', async (password, message) => {
    const res = await t.client().post('/public/signup', { username: 'rules@example.edu', password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { password: [message] },
    });
    expect((await userRows('rules@example.edu')).rows).toHaveLength(0);
  });

  it('uses the password rules of the shared domain package, one message each', () => {
    expect(PASSWORD_RULES.map((r) => r.message)).toEqual([
      'is at least 12 characters',
      'contains at least one uppercase letter',
      'contains at least one lowercase letter',
      'contains at least one number',
      'contains at least one special character',
      'contains no leading or trailing whitespace',
    ]);
  });

  it.each([
    '~',
    '!',
    '@',
    '#',
    '&',
    ';',
    ':',
    '>',
    '<',
    '$',
    '%',
    '^',
    '*',
    '_',
    ',',
    '"',
    '`',
    "'",
    '|',
    '=',
    '+',
    '.',
    '?',
    ']',
    '[',
    '(',
    ')',
    '{',
    '}',
    '/',
    '-',
  ])('accepts %j as the special character', async (special) => {
    // Too short on purpose: the only complaint left proves the character counted (and skips hashing).
    const res = await t.client().post('/public/signup', { username: 'special@example.edu', password: `Ab1${special}` });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { password: ['is at least 12 characters'] },
    });
  });

  it.each([
    'plain',
    'no-domain@',
    '@example.edu',
    'two@@example.edu',
    'space in@example.edu',
    'bang!@example.edu',
    'dot@example',
    'dot@example.',
    ' lead@example.edu',
  ])('refuses the address %j with "Your email address must be valid."', async (username) => {
    const res = await t.client().post('/public/signup', { username, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { username: ['Your email address must be valid.'] },
    });
  });

  it('accepts letters, digits and _ . + - before the @ and several domain parts', async () => {
    const username = 'A.b_c+d-9@mail-1.sub.example.edu';
    const res = await t.client().post('/public/signup', { username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(lastCode(t, username)).toMatch(/^\d{6}$/);
  });
});
