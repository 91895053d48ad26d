import { STAFF_ROLES, type StaffRole } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Issue 44's staff calls in the role matrix: every role, a member limited to one program, an applicant (403) and
 * no session (401). A member's own second factor and fresh sign-in are every member's; the IdP certificate's
 * status and another member's reset are the administrators' (manage_team). Each call is set up so that it
 * succeeds for a member allowed it.
 */
let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'sign-in-matrix@example.edu');
});
afterAll(async () => {
  await t?.close();
});

type Call = MatrixCall & { everyMember: boolean };

const calls: Call[] = [
  { name: 'GET /mfa', status: 200, everyMember: true, run: (c) => c.get('/api/staff/mfa') },
  { name: 'POST /mfa/totp', status: 200, everyMember: true, run: (c) => c.post('/api/staff/mfa/totp', {}) },
  {
    name: 'POST /reauth',
    status: 200,
    everyMember: true,
    run: (c) => c.post('/api/staff/reauth', { password: 'Correct-Horse-42' }),
  },
  { name: 'GET /sign-in-status', status: 200, everyMember: false, run: (c) => c.get('/api/staff/sign-in-status') },
  {
    name: 'POST /team/:email/mfa-reset',
    status: 200,
    everyMember: false,
    run: async (c) => {
      // A member to reset, whose sessions the reset ends: never the caller.
      await staffWithRoles(t, 'reset.target@college.test', ['reader']);
      return c.post('/api/staff/team/reset.target%40college.test/mfa-reset', {});
    },
  },
];

const MANAGES_TEAM: Record<StaffRole, boolean> = {
  admin: true,
  decider: false,
  reviewer: false,
  reader: false,
  bursar: false,
};

describe('who may use the sign-in calls', () => {
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: call.everyMember || MANAGES_TEAM[role], right: 'manage_team' }),
    );

  it.each(calls)('a member limited to one program is treated as their role is: $name', async (call) => {
    const program = t.deps.config.tenant.programs[0]!.code;
    const limitedAdmin = await staffWithRoles(t, 'limited.admin@college.test', ['admin'], [program]);
    expect((await call.run(limitedAdmin)).statusCode).toBe(call.status);
    const limitedReader = await staffWithRoles(t, 'limited.reader@college.test', ['reader'], [program]);
    expect((await call.run(limitedReader)).statusCode).toBe(call.everyMember ? call.status : 403);
  });

  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant.client, call),
  );
});
