import { STAFF_ROLES, type StaffMessage, type StaffRole } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * The sending side's staff calls in the role matrix (issue 46): send and stop need the `message` right
 * (administrators and deciders), the application's messages need `read` and the member's programs (404 outside
 * them, as for no application); an applicant gets 403 and no session 401. Each call is set up so that it succeeds
 * for a member with the right.
 */
let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
const PROGRAM = 'MAAS';

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'roles-matrix@example.edu', { applied_major: PROGRAM });
});
afterAll(async () => {
  await t?.close();
});

/** A draft to the applicant's program, written by the administrator. */
async function draft(): Promise<StaffMessage> {
  const res = await admin.post('/api/staff/messages', {
    name: 'Matrix',
    segment: { program: PROGRAM },
    subject: 'Matrix {{first_name}}',
    body: 'Hello {{first_name}}.',
    category: 'transactional',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMessage>();
}

const later = () => new Date(t.clock.now().getTime() + HOUR).toISOString();

type Call = MatrixCall & { right: 'message' | 'read' };

const calls: Call[] = [
  {
    name: 'POST /messages/:id/send',
    status: 200,
    right: 'message',
    run: async (c) => {
      const m = await draft();
      return c.post(`/api/staff/messages/${m.id}/send`, { confirm_count: m.estimated_recipients, at: later() });
    },
  },
  {
    name: 'POST /messages/:id/stop',
    status: 200,
    right: 'message',
    run: async (c) => {
      const m = await draft();
      await expectOk(
        await admin.post(`/api/staff/messages/${m.id}/send`, { confirm_count: m.estimated_recipients, at: later() }),
      );
      return c.post(`/api/staff/messages/${m.id}/stop`);
    },
  },
  {
    name: 'GET /applications/:id/messages',
    status: 200,
    right: 'read',
    run: (c) => c.get(`/api/staff/applications/${applicant.userId}/messages`),
  },
];

const HAS_MESSAGE: Record<StaffRole, boolean> = {
  admin: true,
  decider: true,
  reviewer: false,
  reader: false,
  bursar: false,
};

describe('who may send, stop and read messages', () => {
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: call.right === 'read' || HAS_MESSAGE[role], right: 'message' }),
    );

  it.each(calls)('a member limited to other programs gets 404 for $name, as for nothing there', async (call) => {
    const inside = await staffWithRoles(t, 'inside@college.test', ['decider'], [PROGRAM]);
    // A message written by an administrator reaches every program: only an unlimited member acts on it.
    if (call.right === 'read') expect((await call.run(inside)).statusCode).toBe(200);
    const outside = await staffWithRoles(t, 'outside@college.test', ['decider'], ['MAE']);
    const res = await call.run(outside);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'NOT_FOUND']);
  });

  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant.client, call),
  );
});
