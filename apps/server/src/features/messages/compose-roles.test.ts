import { STAFF_ROLES, type StaffMessage, type StaffRole } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * The `message` right (issue 46) in the role matrix: every compose call against every role (administrators and
 * deciders have it), a decider limited to other programs (404 for a message that reaches every program), an
 * applicant (403) and no session (401). Each call is set up so that it succeeds for a member with the right.
 */
let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
let shared: StaffMessage;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'messages-matrix@example.edu');
  shared = await newDraft();
});
afterAll(async () => {
  await t?.close();
});

const BODY = {
  name: 'Matrix',
  segment: {},
  subject: 'Hello {{first_name}}',
  body: 'Dear {{first_name}}',
  category: 'news',
};

/** A draft every call can act on, written by the administrator (every program). */
async function newDraft(): Promise<StaffMessage> {
  const res = await admin.post('/api/staff/messages', BODY);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMessage>();
}

const calls: MatrixCall[] = [
  { name: 'GET /messages', status: 200, run: (c) => c.get('/api/staff/messages') },
  { name: 'GET /messages/:id', status: 200, run: (c) => c.get(`/api/staff/messages/${shared.id}`) },
  { name: 'POST /messages', status: 201, run: (c) => c.post('/api/staff/messages', BODY) },
  { name: 'PUT /messages/:id', status: 200, run: (c) => c.put(`/api/staff/messages/${shared.id}`, BODY) },
  {
    name: 'DELETE /messages/:id',
    status: 200,
    run: async (c) => c.delete(`/api/staff/messages/${(await newDraft()).id}`),
  },
  {
    name: 'GET /messages/:id/recipients',
    status: 200,
    run: (c) => c.get(`/api/staff/messages/${shared.id}/recipients?limit=20`),
  },
  {
    name: 'POST /messages/:id/preview',
    status: 200,
    run: (c) => c.post(`/api/staff/messages/${shared.id}/preview`, { application_id: applicant.userId }),
  },
  { name: 'POST /messages/:id/test', status: 200, run: (c) => c.post(`/api/staff/messages/${shared.id}/test`) },
];

const HAS_MESSAGE: Record<StaffRole, boolean> = {
  admin: true,
  decider: true,
  reviewer: false,
  reader: false,
  bursar: false,
};

describe('who may write to groups of applicants', () => {
  it('gives the message right to administrators and deciders only', () => {
    expect(STAFF_ROLES.filter((r) => HAS_MESSAGE[r])).toEqual(['admin', 'decider']);
  });

  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: HAS_MESSAGE[role], right: 'message' }),
    );

  const onOneMessage = calls.filter((c) => c.name.includes(':id') && c.name !== 'DELETE /messages/:id');
  it.each(onOneMessage)('a decider of other programs: 404 for $name on a message to every program', async (call) => {
    const limited = await staffWithRoles(t, 'limited-decider@college.test', ['decider'], ['MAPP']);
    const res = await call.run(limited);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('every read and write of a member with the right is in the audit log', async () => {
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT DISTINCT action FROM staff_audit_log WHERE staff_email = 'decider@college.test' ORDER BY action`,
    );
    // Besides the member's sign-in (issue 44), which is audited for every staff member.
    expect(rows.map((r) => r.action)).toEqual([
      'message-delete',
      'message-save',
      'message-test',
      'sign-in',
      'view-messages',
    ]);
  });

  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant.client, call),
  );
});
