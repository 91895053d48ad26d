import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, submittedApplicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { HOUR, MINUTE } from '../../infra/time-units';

/**
 * Issue 44: staff sessions that end when they should (STAFF_SESSION_HOURS), a fresh sign-in for the riskiest
 * actions (STAFF_REAUTH_MINUTES), STAFF_AUTH=sso refusing a staff address's password, and every staff sign-in
 * in the audit log. The second factor and single sign-on have tests of their own (features/staff-mfa, staff-sso).
 */
const auditOf = async (t: TestApp, email: string) =>
  (
    await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM staff_audit_log WHERE staff_email = $1 AND action IN ('sign-in', 'sign-in-failed')
       ORDER BY id`,
      [email],
    )
  ).rows;

describe('the riskiest staff actions ask for a fresh sign-in (STAFF_REAUTH_MINUTES)', () => {
  let t: TestApp;
  let admin: TestClient;
  let applicationId: string;
  beforeAll(async () => {
    t = await startTestApp({ ...STAFF_ENV, STAFF_REAUTH_MINUTES: '15' });
    admin = await loggedInClient(t, STAFF_EMAIL);
    applicationId = (await submittedApplicant(t, 'fresh.ada@example.edu')).userId;
    await expectOk(await admin.put(`/api/staff/applications/${applicationId}/decision`, { code: 'admit' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const teamCount = async () =>
    ((await expectOk(await admin.get('/api/staff/team'))).json() as { members: [] }).members;

  it('within 15 minutes of the sign-in a team change goes through; after them it answers 401 REAUTH_REQUIRED and changes nothing', async () => {
    expect(
      (
        await admin.post('/api/staff/team', {
          email: 'new.one@college.test',
          name: 'New',
          roles: ['reader'],
          programs: null,
        })
      ).statusCode,
    ).toBe(201);
    t.clock.advance(16 * MINUTE);
    const before = await teamCount();
    const late = await admin.post('/api/staff/team', {
      email: 'late.one@college.test',
      name: 'Late',
      roles: ['reader'],
      programs: null,
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(await teamCount()).toEqual(before);
    expect((await admin.delete('/api/staff/team/new.one%40college.test')).json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
    });
    // Reading is no risky action: the session itself is alive.
    expect((await admin.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('a release asks for it too, a dry run of the same release does not, and a new sign-in releases', async () => {
    const dry = await admin.post('/api/staff/decisions/release', { application_ids: [applicationId], dry_run: true });
    expect(dry.statusCode).toBe(200);
    const release = await admin.post('/api/staff/decisions/release', { application_ids: [applicationId] });
    expect(release.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    const again = await anotherSession(t, STAFF_EMAIL);
    expect((await again.post('/api/staff/decisions/release', { application_ids: [applicationId] })).statusCode).toBe(
      200,
    );
  });

  it('a refund and a message sent to a group ask for it once the sign-in is old; a member without the right still gets 403 first', async () => {
    const reviewer = await staffWithRoles(t, 'fresh.reviewer@college.test', ['reviewer']);
    t.clock.advance(16 * MINUTE);
    const refund = await admin.post('/api/staff/payments/00000000-0000-4000-8000-000000000000/refunds', {
      amount_cents: 100,
      reason: 'test',
    });
    expect(refund.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    const send = await admin.post('/api/staff/messages/00000000-0000-4000-8000-000000000000/send', {
      confirm_count: 1,
    });
    expect(send.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    const refused = await reviewer.post('/api/staff/decisions/release', { application_ids: [applicationId] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
  });
});

describe('staff session limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...STAFF_ENV, STAFF_SESSION_HOURS: '8', STAFF_IDLE_MINUTES: '20' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('STAFF_SESSION_HOURS=8 ends a busy staff session at 8 hours, while an applicant session lasts its 12', async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const applicant = await applicantWith(t, 'busy.limits@example.edu', { first_name: 'Busy' });
    for (let elapsed = 0; elapsed < 8 * HOUR - 10 * MINUTE; elapsed += 10 * MINUTE) {
      t.clock.advance(10 * MINUTE);
      expect((await staff.get('/api/staff/me')).statusCode).toBe(200);
      expect((await applicant.client.get('/api/keep-alive')).statusCode).toBe(200);
    }
    t.clock.advance(10 * MINUTE);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(401);
    expect((await applicant.client.get('/api/keep-alive')).statusCode).toBe(200);
  });

  it('STAFF_IDLE_MINUTES=20 ends a staff session idle for 20 minutes, and its keep-alive says when', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    const alive = (await expectOk(await staff.get('/api/keep-alive'))).json() as { idle_expires_at: string };
    expect(new Date(alive.idle_expires_at).getTime()).toBe(t.clock.now().getTime() + 20 * MINUTE);
    t.clock.advance(19 * MINUTE);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(200);
    t.clock.advance(20 * MINUTE + 1000);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(401);
  });
});

describe('STAFF_AUTH=sso', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The provider is never reached by a password sign-in: its address only has to be valid.
    t = await startTestApp({
      ...STAFF_ENV,
      STAFF_AUTH: 'sso',
      STAFF_OIDC_ISSUER: 'http://127.0.0.1:9/',
      STAFF_OIDC_CLIENT_ID: 'portal',
      STAFF_OIDC_CLIENT_SECRET: 'portal-secret',
      STAFF_OIDC_LABEL: 'Northfield account',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets an applicant sign in with a password as before', async () => {
    const applicant = await loggedInClient(t, 'sso.applicant@example.edu');
    expect((await applicant.get('/api/profile')).statusCode).toBe(200);
  });

  it("refuses a staff address's right password with SSO_REQUIRED, which names the staff button, and audits it", async () => {
    // The account exists (made before the switch, or as an applicant): its password is right.
    const before = t.client();
    await loggedInClient(t, 'registrar@college.test').catch(() => undefined);
    const refused = await before.post('/public/login', {
      username: 'registrar@college.test',
      password: 'Correct-Horse-42',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(refused.json().message).toMatch(/staff sign-in button/);
    expect(refused.headers['set-cookie'] ?? '').not.toMatch(/session=/);
    expect(await auditOf(t, 'registrar@college.test')).toContainEqual({
      action: 'sign-in-failed',
      detail: { method: 'password', reason: 'sso-required' },
    });
  });

  it('answers a wrong password for a staff address exactly as for any other address', async () => {
    const staffWrong = await t
      .client()
      .post('/public/login', { username: 'registrar@college.test', password: 'Wrong-Horse-42' });
    const strangerWrong = await t
      .client()
      .post('/public/login', { username: 'nobody@college.test', password: 'Wrong-Horse-42' });
    expect(staffWrong.statusCode).toBe(strangerWrong.statusCode);
    expect(staffWrong.json()).toEqual(strangerWrong.json());
    expect(staffWrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

describe('staff sign-ins in the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(STAFF_ENV);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("records a staff member's password sign-in and a wrong password, and an applicant's not at all", async () => {
    await loggedInClient(t, STAFF_EMAIL);
    await t.client().post('/public/login', { username: STAFF_EMAIL, password: 'Wrong-Horse-42' });
    await loggedInClient(t, 'audit.applicant@example.edu');
    expect(await auditOf(t, STAFF_EMAIL)).toEqual([
      { action: 'sign-in', detail: { method: 'password' } },
      { action: 'sign-in-failed', detail: { method: 'password', reason: 'wrong-password' } },
    ]);
    expect(await auditOf(t, 'audit.applicant@example.edu')).toEqual([]);
    const team = (await expectOk(await (await anotherSession(t, STAFF_EMAIL)).get('/api/staff/team'))).json() as {
      members: { email: string; last_sign_in_method: string | null; last_sign_in_at: string | null }[];
    };
    expect(team.members.find((m) => m.email === STAFF_EMAIL)).toMatchObject({
      last_sign_in_method: 'password',
      last_sign_in_at: t.clock.now().toISOString(),
    });
  });
});
