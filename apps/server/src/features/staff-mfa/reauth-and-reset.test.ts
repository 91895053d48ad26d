import { SESSION_COOKIE, type MfaStatus } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, OTHER_PASSWORD } from '../../test-support/account-helpers';
import { startSession } from '../../session/session-store';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { auditOf, enrolTotp, expectError, passwordSession, totpCode, wrongCode } from './staff-mfa.test-helpers';

/**
 * Issue 44: a fresh sign-in before a risky action (POST /api/staff/reauth), and an administrator's reset of a
 * member's second factor (POST /api/staff/team/:email/mfa-reset), which asks for one.
 */
const ADMIN = 'reset-admin@college.test';
const REVIEWER = 'reset-reviewer@college.test';
const FRESH_MS = 15 * 60_000;

let t: TestApp;
let admin: TestClient;
let adminSecret: string;
let reviewer: TestClient;
/** The reviewer's session after the reset, enrolled again. */
let reviewerAgain: TestClient;

beforeAll(async () => {
  t = await startTestApp({ STAFF_MFA: 'required', STAFF_EMAILS: ADMIN });
  ({ client: admin, secret: adminSecret } = await enrolTotp(t, ADMIN));
  const invited = await admin.post('/api/staff/team', { email: REVIEWER, name: 'Rita', roles: ['reviewer'] });
  expect(invited.statusCode, invited.body).toBe(201);
  ({ client: reviewer } = await enrolTotp(t, REVIEWER));
});
afterAll(async () => {
  await t?.close();
});

const reset = (client: TestClient, email: string) =>
  client.post(`/api/staff/team/${encodeURIComponent(email)}/mfa-reset`);

describe('a fresh sign-in', () => {
  it('with the password: a wrong one is refused, the right one lets the risky action through', async () => {
    t.clock.advance(FRESH_MS + 60_000);
    expectError(await reset(admin, REVIEWER), 401, 'REAUTH_REQUIRED');
    expectError(await admin.post('/api/staff/reauth', { password: OTHER_PASSWORD }), 400, 'INVALID_CREDENTIALS');
    await expectOk(await admin.post('/api/staff/reauth', { password: PASSWORD }));
    await expectOk(await admin.get('/api/staff/team'));
    // Fresh now: the reset waits no more (it is the next test's subject).
    expect(
      (await auditOf(t, ADMIN))
        .filter((r) => ['reauth', 'sign-in-failed'].includes(r.action))
        .map((r) => [r.action, r.detail]),
    ).toEqual([
      ['sign-in-failed', { method: 'password', reason: 'wrong-password' }],
      ['reauth', { method: 'password', factor: 'password' }],
    ]);
  });

  it('with a code from the authenticator app, never one used before', async () => {
    t.clock.advance(FRESH_MS + 60_000);
    expectError(
      await admin.post('/api/staff/reauth', { code: await wrongCode(t, adminSecret) }),
      400,
      'MFA_CODE_INVALID',
    );
    const code = await totpCode(t, adminSecret);
    await expectOk(await admin.post('/api/staff/reauth', { code }));
    expectError(await admin.post('/api/staff/reauth', { code }), 400, 'MFA_CODE_INVALID');
    expect((await auditOf(t, ADMIN)).at(-2)).toEqual({
      action: 'reauth',
      detail: { method: 'password', factor: 'totp' },
    });
  });

  it('is throttled with the codes: five wrong answers lock the tries (429)', async () => {
    const member = await passwordSession(t, REVIEWER);
    for (let i = 0; i < 5; i++)
      expectError(await member.post('/api/staff/reauth', { password: OTHER_PASSWORD }), 400, 'INVALID_CREDENTIALS');
    expectError(await member.post('/api/staff/reauth', { password: PASSWORD }), 429, 'LOGIN_LOCKED');
    t.clock.advance(30_000);
    await expectOk(await member.post('/api/staff/reauth', { password: PASSWORD }));
  });

  it('of a campus-account session is the identity provider’s (409 REAUTH_WITH_SSO)', async () => {
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN]);
    const id = await startSession(t.deps, rows[0]!.id, true, { method: 'oidc', issuer: 'https://idp.test', sub: 's' });
    const sso = t.client();
    sso.cookies.set(SESSION_COOKIE, id);
    await expectOk(await sso.get('/api/staff/applications'));
    expectError(await sso.post('/api/staff/reauth', { password: PASSWORD }), 409, 'REAUTH_WITH_SSO');
  });
});

describe('an administrator’s reset of a member’s second factor', () => {
  it('removes the factors and recovery codes, ends the member’s sessions, and the member enrols again', async () => {
    t.clock.advance(FRESH_MS + 60_000);
    expectError(await reset(admin, REVIEWER), 401, 'REAUTH_REQUIRED');
    t.clock.advance(30_000);
    await expectOk(await admin.post('/api/staff/reauth', { code: await totpCode(t, adminSecret) }));
    const res = await expectOk(await reset(admin, REVIEWER.toUpperCase()));
    expect(res.json()).toEqual({ message: `${REVIEWER} will set up a second factor again at their next sign-in.` });

    expectError(await reviewer.get('/api/staff/mfa'), 401, 'UNAUTHORIZED');
    const again = await passwordSession(t, REVIEWER);
    expect((await expectOk(await again.get('/api/staff/mfa'))).json<MfaStatus>()).toMatchObject({
      enrolled: false,
      methods: [],
      recovery_codes_left: 0,
      second_factor_passed: false,
    });
    expectError(await again.get('/api/staff/queue'), 401, 'MFA_REQUIRED');
    await enrolTotp(t, REVIEWER, again);
    reviewerAgain = again;
    const { rows } = await t.db.query(
      `SELECT action, detail FROM staff_audit_log WHERE staff_email = $1 AND action = 'mfa-reset'`,
      [ADMIN],
    );
    expect(rows).toEqual([{ action: 'mfa-reset', detail: { email: REVIEWER } }]);
    // The administrator's own session goes on.
    await expectOk(await admin.get('/api/staff/team'));
  });

  it('answers 404 for an address that is no member of the team', async () => {
    for (const email of ['nobody@college.test', 'x']) expectError(await reset(admin, email), 404, 'NOT_FOUND');
  });

  it('is refused to a member without the right to manage the team (403), however fresh their sign-in', async () => {
    // The reviewer signed in with a password and a code just now (enrolled again above).
    expectError(await reset(reviewerAgain, ADMIN), 403, 'STAFF_RIGHT_MISSING');
    expect((await auditOf(t, REVIEWER)).at(-1)).toMatchObject({ action: 'denied', detail: { right: 'manage_team' } });
    expect((await expectOk(await admin.get('/api/staff/mfa'))).json<MfaStatus>().enrolled).toBe(true);
  });
});
