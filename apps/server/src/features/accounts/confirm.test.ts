import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES, ERROR_MESSAGES } from '@admissions/domain';
import { lastCode, otherCode, outcome, PASSWORD, signUp, wholeDatabaseText } from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { HOUR } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const codeInvalid = { code: 'CODE_INVALID', message: ERROR_MESSAGES.CODE_INVALID };

const confirm = (username: string, code: string) => t.client().post('/public/confirm', { username, code });
const login = (username: string) => t.client().post('/public/login', { username, password: PASSWORD });

describe('POST /public/confirm', () => {
  it('confirms the account with the e-mailed 6-digit code, after which login works', async () => {
    const code = await signUp(t, t.client(), 'confirm.ok@example.edu');
    expect(code).toMatch(/^\d{6}$/);
    expect((await login('confirm.ok@example.edu')).json()).toMatchObject({ code: 'ACCOUNT_NOT_CONFIRMED' });

    const res = await confirm('confirm.ok@example.edu', code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.confirm });
    expect((await login('confirm.ok@example.edu')).statusCode).toBe(200);
  });

  it('accepts the address in another letter case', async () => {
    const code = await signUp(t, t.client(), 'confirm.case@example.edu');
    expect((await confirm('Confirm.CASE@example.edu', code)).statusCode).toBe(200);
  });

  it('stores the code only as a keyed hash', async () => {
    const code = await signUp(t, t.client(), 'confirm.hashed@example.edu');
    const { rows } = await t.db.query<{ secret_hash: string }>(
      `SELECT c.secret_hash FROM one_time_codes c JOIN users u ON u.id = c.user_id
       WHERE u.email = 'confirm.hashed@example.edu' AND c.purpose = 'confirm'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await wholeDatabaseText(t)).not.toContain(code);
  });

  it('uses a code once', async () => {
    const code = await signUp(t, t.client(), 'confirm.once@example.edu');
    expect((await confirm('confirm.once@example.edu', code)).statusCode).toBe(200);
    const again = await confirm('confirm.once@example.edu', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codeInvalid);
  });

  it('gives one answer for a wrong code, an unknown address and a code of another account', async () => {
    const mine = await signUp(t, t.client(), 'confirm.mine@example.edu');
    const theirs = await signUp(t, t.client(), 'confirm.theirs@example.edu');
    const wrong = await confirm('confirm.mine@example.edu', otherCode(mine));
    const unknown = await confirm('confirm.nobody@example.edu', mine);
    const crossed = mine === theirs ? wrong : await confirm('confirm.mine@example.edu', theirs);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(codeInvalid);
    expect(outcome(unknown)).toEqual(outcome(wrong));
    expect(outcome(crossed)).toEqual(outcome(wrong));
  });

  it('works until just before 24 hours', async () => {
    const code = await signUp(t, t.client(), 'confirm.late@example.edu');
    t.clock.advance(24 * HOUR - 1_000);
    expect((await confirm('confirm.late@example.edu', code)).statusCode).toBe(200);
  });

  it('expires after 24 hours', async () => {
    const code = await signUp(t, t.client(), 'confirm.expired@example.edu');
    t.clock.advance(24 * HOUR);
    const res = await confirm('confirm.expired@example.edu', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeInvalid);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const code = await signUp(t, t.client(), 'confirm.four@example.edu');
    for (let i = 0; i < 4; i++) {
      expect((await confirm('confirm.four@example.edu', otherCode(code))).json()).toEqual(codeInvalid);
    }
    expect((await confirm('confirm.four@example.edu', code)).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries: even the right one fails, and a resent code works', async () => {
    const username = 'confirm.dead@example.edu';
    const code = await signUp(t, t.client(), username);
    for (let i = 0; i < 5; i++) {
      expect((await confirm(username, otherCode(code))).json()).toEqual(codeInvalid);
    }
    const right = await confirm(username, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(codeInvalid);

    t.clock.advance(60_000); // the resend throttle allows one mail a minute
    expect((await t.client().post('/public/resend-confirm', { username })).statusCode).toBe(200);
    const fresh = lastCode(t, username);
    expect((await confirm(username, fresh)).statusCode).toBe(200);
    expect((await login(username)).statusCode).toBe(200);
  });

  it('checks the address and the code with the messages of SPEC section 5', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 345', '']) {
      const res = await confirm('confirm.rules@example.edu', code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: ERROR_MESSAGES.VALIDATION_FAILED,
        errors: { code: ['The confirmation code must be exactly 6 numbers.'] },
      });
    }
    const res = await confirm('not an address', '123456');
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { username: ['Your email address must be valid.'] },
    });
  });

  it('does not count a malformed code as a wrong try', async () => {
    const username = 'confirm.malformed@example.edu';
    const code = await signUp(t, t.client(), username);
    for (let i = 0; i < 6; i++) await confirm(username, '12345');
    expect((await confirm(username, code)).statusCode).toBe(200);
  });
});
