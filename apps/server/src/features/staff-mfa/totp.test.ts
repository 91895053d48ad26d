import type { MfaStatus, TotpEnrolment } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeDatabaseText } from '../../test-support/account-helpers';
import { loggedInClient } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import {
  auditOf,
  enrolTotp,
  expectError,
  passwordSession,
  signInWithCode,
  totpCode,
  wrongCode,
} from './staff-mfa.test-helpers';

/** Issue 44: with STAFF_MFA=required, a password sign-in of a staff member passes TOTP before any staff call. */
const ENROL = 'totp-enrol@college.test';
const VERIFY = 'totp-verify@college.test';
const RECOVER = 'totp-recover@college.test';
const LOCKED = 'totp-locked@college.test';
const NONE = 'totp-none@college.test';

let t: TestApp;
const logLines: string[] = [];
/** Every secret and code the tests send or receive: none may be in a log line or an audit row. */
const secrets: string[] = [];

beforeAll(async () => {
  t = await startTestApp(
    { STAFF_MFA: 'required', STAFF_EMAILS: [ENROL, VERIFY, RECOVER, LOCKED, NONE].join(', ') },
    { onLog: (entry) => logLines.push(JSON.stringify(entry)) },
  );
});
afterAll(async () => {
  await t?.close();
});

async function code(secret: string, steps = 0) {
  const c = await totpCode(t, secret, steps);
  secrets.push(c);
  return c;
}

describe('before the second step', () => {
  it('every staff call answers 401 MFA_REQUIRED, while the second factor’s own calls answer', async () => {
    const staff = await passwordSession(t, ENROL);
    for (const url of ['/api/staff/applications', '/api/staff/team', '/api/staff/me'])
      expectError(await staff.get(url), 401, 'MFA_REQUIRED');
    const status = (await expectOk(await staff.get('/api/staff/mfa'))).json<MfaStatus>();
    expect(status).toEqual({
      enrolled: false,
      methods: [],
      sign_in_method: 'password',
      second_factor_passed: false,
      required: true,
      passkeys: [],
      recovery_codes_left: 0,
    });
  });

  it('never asks an applicant, whose calls answer as ever; the staff calls stay staff-only', async () => {
    const applicant = await loggedInClient(t, 'totp-applicant@example.edu');
    await expectOk(await applicant.get('/api/profile'));
    expectError(await applicant.get('/api/staff/mfa'), 403, 'STAFF_ONLY');
    expectError(await applicant.get('/api/staff/applications'), 403, 'STAFF_ONLY');
  });
});

describe('TOTP enrolment', () => {
  it('gives a key as text and as a QR code’s URL, confirmed by a code, which gives ten recovery codes once', async () => {
    const staff = await passwordSession(t, ENROL);
    const first = (await expectOk(await staff.post('/api/staff/mfa/totp'))).json<TotpEnrolment>();
    // A new call replaces a key not yet confirmed: the first key's codes no longer count.
    const { secret, otpauth_url } = (await expectOk(await staff.post('/api/staff/mfa/totp'))).json<TotpEnrolment>();
    secrets.push(first.secret, secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secret).not.toBe(first.secret);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Brightwater College:${ENROL}`);
    // SHA-1, six digits and 30 s are every app's defaults, which the URL leaves out.
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret, issuer: 'Brightwater College' });

    expectError(
      await staff.post('/api/staff/mfa/totp/confirm', { code: await wrongCode(t, secret) }),
      400,
      'MFA_CODE_INVALID',
    );
    expectError(
      await staff.post('/api/staff/mfa/totp/confirm', { code: await code(first.secret) }),
      400,
      'MFA_CODE_INVALID',
    );
    expectError(await staff.post('/api/staff/mfa/totp/confirm', { code: 'not a code' }), 400, 'MFA_CODE_INVALID');
    expectError(await staff.get('/api/staff/applications'), 401, 'MFA_REQUIRED');

    const confirmed = await expectOk(await staff.post('/api/staff/mfa/totp/confirm', { code: await code(secret) }));
    const { recovery_codes } = confirmed.json<{ recovery_codes: string[] }>();
    secrets.push(...recovery_codes);
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const c of recovery_codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);

    // This session passed its second factor: the office's calls answer.
    await expectOk(await staff.get('/api/staff/applications'));
    const status = await expectOk(await staff.get('/api/staff/mfa'));
    expect(status.json<MfaStatus>()).toMatchObject({
      enrolled: true,
      methods: ['totp'],
      second_factor_passed: true,
      recovery_codes_left: 10,
    });
    // Neither the key nor the codes are ever sent again, nor stored as they are.
    for (const s of [secret, ...recovery_codes]) expect(status.body).not.toContain(s);
    expectError(await staff.post('/api/staff/mfa/totp'), 409, 'MFA_ALREADY_ENROLLED');
    expectError(
      await staff.post('/api/staff/mfa/totp/confirm', { code: await code(secret, 1) }),
      409,
      'MFA_ALREADY_ENROLLED',
    );
    const stored = await wholeDatabaseText(t);
    for (const s of [secret, first.secret, ...recovery_codes]) expect(stored).not.toContain(s);

    expect((await auditOf(t, ENROL)).map((r) => [r.action, r.detail])).toEqual(
      expect.arrayContaining([
        ['mfa-enrol', { factor: 'totp' }],
        ['sign-in', { method: 'password', factor: 'totp' }],
        ['sign-in-failed', { method: 'password', reason: 'wrong-code' }],
      ]),
    );
  });
});

describe('the second step of the next sign-ins', () => {
  it('accepts a code of the step before, of now and of the step after; not two steps away, and never twice', async () => {
    const { secret } = await enrolTotp(t, VERIFY);
    secrets.push(secret);
    t.clock.advance(60_000);
    for (const steps of [-1, 0, 1]) {
      const staff = await passwordSession(t, VERIFY);
      expectError(await staff.get('/api/staff/applications'), 401, 'MFA_REQUIRED');
      await expectOk(await staff.post('/api/staff/mfa/verify', { code: await code(secret, steps) }));
      await expectOk(await staff.get('/api/staff/applications'));
    }
    const staff = await passwordSession(t, VERIFY);
    t.clock.advance(60_000);
    expectError(await staff.post('/api/staff/mfa/verify', { code: await code(secret, 2) }), 400, 'MFA_CODE_INVALID');
    expectError(await staff.post('/api/staff/mfa/verify', { code: await code(secret, -2) }), 400, 'MFA_CODE_INVALID');

    // The same code twice: the second session is refused, even within its 30 seconds.
    const sameCode = await code(secret);
    await expectOk(await staff.post('/api/staff/mfa/verify', { code: sameCode }));
    const other = await passwordSession(t, VERIFY);
    expectError(await other.post('/api/staff/mfa/verify', { code: sameCode }), 400, 'MFA_CODE_INVALID');
    // Nor a code of an earlier step than the last one accepted.
    expectError(await other.post('/api/staff/mfa/verify', { code: await code(secret, -1) }), 400, 'MFA_CODE_INVALID');
    expectError(await other.get('/api/staff/applications'), 401, 'MFA_REQUIRED');

    expect((await auditOf(t, VERIFY)).filter((r) => r.action === 'sign-in').map((r) => r.detail)).toEqual([
      { method: 'password', second_factor: 'pending' },
      { method: 'password', factor: 'totp' },
      ...[-1, 0, 1].flatMap(() => [
        { method: 'password', second_factor: 'pending' },
        { method: 'password', factor: 'totp' },
      ]),
      { method: 'password', second_factor: 'pending' },
      { method: 'password', factor: 'totp' },
      { method: 'password', second_factor: 'pending' },
    ]);
  });

  it('accepts a recovery code once, as typed in any case and with or without its dashes', async () => {
    const { recoveryCodes } = await enrolTotp(t, RECOVER);
    secrets.push(...recoveryCodes);
    const first = await passwordSession(t, RECOVER);
    await expectOk(await first.post('/api/staff/mfa/verify', { recovery_code: recoveryCodes[0] }));
    await expectOk(await first.get('/api/staff/applications'));
    const second = await passwordSession(t, RECOVER);
    expectError(
      await second.post('/api/staff/mfa/verify', { recovery_code: recoveryCodes[0] }),
      400,
      'MFA_CODE_INVALID',
    );
    expectError(await second.post('/api/staff/mfa/verify', { recovery_code: 'abcd-efgh-jk' }), 400, 'MFA_CODE_INVALID');
    const typed = ` ${recoveryCodes[1]!.replaceAll('-', '').toUpperCase()} `;
    await expectOk(await second.post('/api/staff/mfa/verify', { recovery_code: typed }));
    const status = (await expectOk(await second.get('/api/staff/mfa'))).json<MfaStatus>();
    expect(status.recovery_codes_left).toBe(8);
    expect((await auditOf(t, RECOVER)).filter((r) => r.action === 'sign-in').at(-1)?.detail).toEqual({
      method: 'password',
      factor: 'recovery-code',
    });
  });

  it('locks the member’s tries after five wrong codes, as a password is locked (429 with Retry-After)', async () => {
    const { secret } = await enrolTotp(t, LOCKED);
    secrets.push(secret);
    t.clock.advance(30_000);
    const staff = await passwordSession(t, LOCKED);
    for (let i = 0; i < 5; i++)
      expectError(
        await staff.post('/api/staff/mfa/verify', { code: await wrongCode(t, secret) }),
        400,
        'MFA_CODE_INVALID',
      );
    // Locked now: even the right code waits, and so does a recovery code.
    const refused = await staff.post('/api/staff/mfa/verify', { code: await code(secret) });
    expectError(refused, 429, 'LOGIN_LOCKED');
    expect(refused.headers['retry-after']).toBe('30');
    expectError(await staff.post('/api/staff/mfa/verify', { recovery_code: 'abcd-efgh-jk' }), 429, 'LOGIN_LOCKED');
    t.clock.advance(30_000);
    await expectOk(await staff.post('/api/staff/mfa/verify', { code: await code(secret) }));
    expect((await auditOf(t, LOCKED)).filter((r) => r.action === 'sign-in-failed')).toHaveLength(5);
    // After a success the count starts again from nothing.
    const next = await signInWithCode(t, LOCKED, secret);
    await expectOk(await next.get('/api/staff/applications'));
  });

  it('answers 409 MFA_NOT_ENROLLED to a code or a recovery code from a member who has not set one up', async () => {
    const staff = await passwordSession(t, NONE);
    expectError(await staff.post('/api/staff/mfa/verify', { code: '123456' }), 409, 'MFA_NOT_ENROLLED');
    expectError(await staff.post('/api/staff/mfa/verify', { recovery_code: 'abcd-efgh-jk' }), 409, 'MFA_NOT_ENROLLED');
    expectError(await staff.post('/api/staff/mfa/verify', { code: '1', recovery_code: 'x' }), 400, 'BAD_REQUEST');
  });
});

describe('what is kept', () => {
  it('writes no secret or code in a log line or an audit row', async () => {
    expect(secrets.length).toBeGreaterThan(20);
    const { rows } = await t.db.query<{ detail: string }>('SELECT detail::text AS detail FROM staff_audit_log');
    const text = [...logLines, ...rows.map((r) => r.detail)].join('\n');
    // A six-digit code could be part of a time or an id by chance: one is looked for as a value of its own.
    for (const s of new Set(secrets)) expect(text).not.toContain(/^\d{6}$/.test(s) ? `"${s}"` : s);
  });
});
