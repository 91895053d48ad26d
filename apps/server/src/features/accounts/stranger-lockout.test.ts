import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@admissions/domain';
import {
  lastCode,
  lastResetLink,
  OTHER_PASSWORD,
  otherCode,
  PASSWORD,
  signUp,
  signUpAndConfirm,
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

const stranger = () => t.client('192.0.2.66');
const login = (client: TestClient, username: string, password: string) =>
  client.post('/public/login', { username, password });

/** The owner's own browser: it signed up, confirmed and logged in there, then logged out. */
async function ownerBrowser(username: string): Promise<TestClient> {
  const owner = t.client('203.0.113.20');
  await signUpAndConfirm(t, owner, username);
  expect((await login(owner, username, PASSWORD)).statusCode).toBe(200);
  expect((await owner.get('/api/logout')).statusCode).toBe(200);
  return owner;
}

describe('a stranger cannot lock the owner out (OWASP device cookie)', () => {
  it('after 20 failures from a stranger the owner still logs in from a trusted device (1 try), while untrusted clients are locked', async () => {
    const username = 'trusted.owner@example.edu';
    const owner = await ownerBrowser(username);
    for (let i = 0; i < 20; i++) {
      const res = await login(stranger(), username, OTHER_PASSWORD);
      expect([400, 429]).toContain(res.statusCode);
    }
    // Untrusted clients, even with the right password, meet the lock…
    expect((await login(t.client('198.51.100.7'), username, PASSWORD)).json()).toMatchObject({ code: 'LOGIN_LOCKED' });
    // …but the owner's browser logs in at the first try.
    const res = await login(owner, username, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await owner.get('/api/profile')).statusCode).toBe(200);
  });

  it('a trusted device has its own failure count: its own wrong passwords still lock it', async () => {
    const username = 'trusted.typo@example.edu';
    const owner = await ownerBrowser(username);
    for (let i = 0; i < 5; i++) expect((await login(owner, username, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await login(owner, username, PASSWORD)).json()).toMatchObject({ code: 'LOGIN_LOCKED' });
    // Meanwhile a new browser is not locked by the owner's typos.
    expect((await login(t.client('198.51.100.8'), username, PASSWORD)).statusCode).toBe(200);
  });

  it('a forged or another address’s device cookie earns no trust', async () => {
    const username = 'trusted.forged@example.edu';
    const owner = await ownerBrowser(username);
    const other = t.client('203.0.113.21');
    await signUpAndConfirm(t, other, 'someone.else@example.edu');
    expect((await login(other, 'someone.else@example.edu', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) await login(stranger(), username, OTHER_PASSWORD);
    // A device trusted for another account is untrusted here.
    expect((await login(other, username, PASSWORD)).json()).toMatchObject({ code: 'LOGIN_LOCKED' });
    // A cookie with a made-up signature is ignored.
    const forger = stranger();
    const [name, value] = [...owner.cookies].find(([n]) => n.endsWith('ap_device'))!;
    forger.cookies.set(name, value.replace(/\.[0-9a-f]+$/, '.' + '0'.repeat(64)));
    expect((await login(forger, username, PASSWORD)).json()).toMatchObject({ code: 'LOGIN_LOCKED' });
  });
});

describe('failed logins decay', () => {
  it('one failure every 15 minutes for 3 hours never locks out the right password for more than 30 s', async () => {
    const username = 'decay.owner@example.edu';
    await signUpAndConfirm(t, t.client('203.0.113.30'), username);
    for (let i = 0; i < 5; i++) await login(stranger(), username, OTHER_PASSWORD);
    for (let i = 0; i < 12; i++) {
      t.clock.advance(15 * MINUTE);
      await login(stranger(), username, OTHER_PASSWORD);
      t.clock.advance(30_000);
      const res = await login(t.client('198.51.100.9'), username, PASSWORD);
      expect(res.statusCode).toBe(200);
      // The owner's success wipes only the untrusted count; the stranger starts over.
    }
  });

  it('failures spread over an hour are forgiven: after 60 quiet minutes five fresh tries are free again', async () => {
    const username = 'decay.quiet@example.edu';
    await signUpAndConfirm(t, t.client('203.0.113.31'), username);
    for (let i = 0; i < 4; i++) expect((await login(stranger(), username, OTHER_PASSWORD)).statusCode).toBe(400);
    t.clock.advance(HOUR);
    for (let i = 0; i < 4; i++) expect((await login(stranger(), username, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await login(stranger(), username, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await login(stranger(), username, OTHER_PASSWORD)).json()).toMatchObject({ code: 'LOGIN_LOCKED' });
  });
});

describe("a stranger cannot use up the owner's mails", () => {
  it('after a stranger spends the 5 reset mails of the hour, the owner still gets 1 from a trusted browser', async () => {
    const username = 'mail.owner@example.edu';
    const owner = await ownerBrowser(username);
    const before = t.smtp.to(username).length;
    let sent = 0;
    for (let i = 0; i < 8; i++) {
      const res = await stranger().post('/public/forgot-password', { username });
      if (res.statusCode === 200) sent += 1;
      else expect(res.json()).toMatchObject({ code: 'MAIL_TOO_SOON' });
      t.clock.advance(61_000);
    }
    expect(sent).toBe(5);
    expect((await stranger().post('/public/forgot-password', { username })).statusCode).toBe(429);
    expect((await owner.post('/public/forgot-password', { username })).statusCode).toBe(200);
    expect(t.smtp.to(username).length).toBe(before + 6);
    // And the link it got works in that browser.
    const link = lastResetLink(t, username);
    const reset = await owner.post('/public/reset-password', {
      username,
      password: 'Brand-New-Secret-9',
      confirm_password: 'Brand-New-Secret-9',
      id: link.searchParams.get('id'),
    });
    expect(reset.statusCode).toBe(200);
  });

  it("5 wrong codes from a stranger's device do not kill the live confirmation code in the owner's browser", async () => {
    const username = 'code.owner@example.edu';
    const owner = t.client('203.0.113.40');
    const code = await signUp(t, owner, username);
    for (let i = 0; i < 5; i++) {
      expect((await stranger().post('/public/confirm', { username, code: otherCode(code) })).statusCode).toBe(400);
    }
    // The stranger's share is spent: even the right code is refused from elsewhere…
    expect((await stranger().post('/public/confirm', { username, code })).statusCode).toBe(400);
    // …but the owner's browser confirms with it.
    expect((await owner.post('/public/confirm', { username, code })).statusCode).toBe(200);
  });

  it("5 wrong guesses from the owner's own browser still kill the code there (the budget is not widened)", async () => {
    const username = 'code.typo@example.edu';
    const owner = t.client('203.0.113.41');
    const code = await signUp(t, owner, username);
    for (let i = 0; i < 5; i++) await owner.post('/public/confirm', { username, code: otherCode(code) });
    expect((await owner.post('/public/confirm', { username, code })).statusCode).toBe(400);
    expect(lastCode(t, username)).toBe(code);
  });
});

describe('common and breached passwords', () => {
  const common = [
    'Password123!',
    'P@ssw0rd1234',
    'Welcome2024!',
    'Qwerty123456!',
    'Admin@123456',
    'Letmein12345!',
    'Iloveyou123!',
    'Summer2023!!',
    'Football123!',
    'Abcd1234!@#$',
  ];

  it.each(common)('refuses %j at sign-up (1 of 10 common passwords) with a clear message', async (password) => {
    const res = await t.client('203.0.113.50').post('/public/signup', { username: 'common.pw@example.edu', password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { password: [ACCOUNT_MESSAGES.passwordTooCommon] },
    });
  });

  it('accepts a password that is on no list', async () => {
    const res = await t
      .client('203.0.113.50')
      .post('/public/signup', { username: 'rare.pw@example.edu', password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a common password at reset too', async () => {
    const username = 'common.reset@example.edu';
    const owner = await ownerBrowser(username);
    await owner.post('/public/forgot-password', { username });
    const link = lastResetLink(t, username);
    const res = await owner.post('/public/reset-password', {
      username,
      password: 'Password123!',
      confirm_password: 'Password123!',
      id: link.searchParams.get('id'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { password: [ACCOUNT_MESSAGES.passwordTooCommon] } });
  });
});
