import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES } from '@admissions/domain';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /public/signup', () => {
  it('creates an account and e-mails a 6-digit code over SMTP', async () => {
    const res = await t.client().post('/public/signup', { username: 'ada@example.edu', password: 'Correct-Horse-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.signup });
    const mail = t.smtp.last('ada@example.edu');
    expect(mail.subject).toMatch(/confirmation code: \d{6}$/);
    expect(mail.text).toMatch(/Your confirmation code is: \d{6}/);
  });

  it('answers an already registered address exactly like a new one, and tells the owner', async () => {
    const first = await t.client().post('/public/signup', { username: 'grace@example.edu', password: 'Correct-Horse-42' });
    t.clock.advance(61_000); // past the one-mail-a-minute throttle
    const again = await t.client().post('/public/signup', { username: 'GRACE@example.edu', password: 'Other-Horse-4242' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const mails = t.smtp.to('grace@example.edu');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/Someone tried to create/);
    expect(mails[1]!.text).not.toMatch(/\b\d{6}\b/);
  });

  it('enforces the e-mail and password rules with the messages of SPEC section 5', async () => {
    const res = await t.client().post('/public/signup', { username: 'not-an-email', password: ' short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
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
});
