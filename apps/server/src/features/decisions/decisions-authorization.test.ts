import { STAFF_ROLES, type StaffRole } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
let program: string;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'matrix@example.edu');
  // The office's first read indexes the application.
  await expectOk(await admin.get(`/api/staff/applications/${applicant.userId}/decisions`));
  program = (
    await t.db.query<{ program: string }>('SELECT program FROM staff_application_index WHERE user_id = $1', [
      applicant.userId,
    ])
  ).rows[0]!.program;
});
afterAll(async () => {
  await t?.close();
});

type Call = { name: string; right: 'decide' | 'read'; run: (c: TestClient) => ReturnType<TestClient['get']> };

/** Each decision call, made so that it succeeds for a member with the right (a fresh release to cancel each time). */
const calls: Call[] = [
  {
    name: 'PUT …/decision',
    right: 'decide',
    run: (c) => c.put(`/api/staff/applications/${applicant.userId}/decision`, { code: 'waitlist' }),
  },
  {
    name: 'GET …/decisions',
    right: 'read',
    run: (c) => c.get(`/api/staff/applications/${applicant.userId}/decisions`),
  },
  {
    name: 'POST /decisions/release (dry run)',
    right: 'decide',
    run: (c) => c.post('/api/staff/decisions/release', { application_ids: [applicant.userId], dry_run: true }),
  },
  {
    name: 'DELETE /decisions/releases/:id',
    right: 'decide',
    run: async (c) => {
      const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      const { release_id } = (
        await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [applicant.userId], at }))
      ).json<{ release_id: string }>();
      return c.delete(`/api/staff/decisions/releases/${release_id}`);
    },
  },
  {
    name: 'POST /decisions/record',
    right: 'decide',
    run: (c) => c.post('/api/staff/decisions/record', { application_ids: [applicant.userId], code: 'waitlist' }),
  },
  {
    name: 'POST /decisions/cancel',
    right: 'decide',
    run: async (c) => {
      const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [applicant.userId], at }));
      return c.post('/api/staff/decisions/cancel', { application_ids: [applicant.userId] });
    },
  },
];

const RIGHTS: Record<StaffRole, readonly string[]> = {
  admin: ['decide', 'read'],
  decider: ['decide', 'read'],
  reviewer: ['read'],
  reader: ['read'],
  bursar: ['read'],
};

describe('who may record, read, release and cancel decisions', () => {
  beforeAll(async () => {
    await expectOk(await admin.put(`/api/staff/applications/${applicant.userId}/decision`, { code: 'admit' }));
  });

  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, async (call) => {
      const member = await staffWithRoles(t, `${role}@college.test`, [role]);
      const res = await call.run(member);
      if (RIGHTS[role].includes(call.right)) {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
        const denied = await t.db.query(
          `SELECT 1 FROM staff_audit_log WHERE staff_email = $1 AND action = 'denied' AND detail->>'right' = 'decide'`,
          [`${role}@college.test`],
        );
        expect(denied.rows.length).toBeGreaterThan(0);
      }
    });

  it.each(calls)('a decider of another program: 404 for $name, as for no application', async (call) => {
    const inside = await staffWithRoles(t, 'inside@college.test', ['decider'], [program]);
    expect((await call.run(inside)).statusCode).toBe(200);
    const other = t.deps.config.tenant.programs.find((p) => p.code !== program)!.code;
    const outside = await staffWithRoles(t, 'outside@college.test', ['decider'], [other]);
    const res = await call.run(outside);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each(calls)('an applicant gets 403 and no session 401 for $name', async (call) => {
    expect((await call.run(admin)).statusCode).toBe(200);
    const asApplicant = await call.run(applicant.client);
    expect(asApplicant.statusCode).toBe(403);
    expect(asApplicant.json()).toMatchObject({ code: 'STAFF_ONLY' });
    const anonymous = await call.run(t.client());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  // Issue 48: the applicant joins the office as a decider; every decision call on their own application is a
  // conflict, refused and audited, while an administrator's still works (asked in the row above).
  it.each(calls)('a decider who is also the applicant: 403 OWN_APPLICATION for $name, audited', async (call) => {
    const self = await staffWithRoles(t, applicant.email, ['decider']);
    const audited = async () =>
      (
        await t.db.query(
          `SELECT 1 FROM staff_audit_log WHERE staff_email = $1 AND application_user_id = $2 AND action = 'denied'
           AND detail->>'conflict' = 'own-application'`,
          [applicant.email, applicant.userId],
        )
      ).rows.length;
    const before = await audited();
    const res = await call.run(self);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_APPLICATION' });
    expect(await audited()).toBe(before + 1);
  });
});
