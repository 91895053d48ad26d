import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * The `payments` right (issue 43) in the role matrix: every office payment call against every role, a member
 * limited to other programs (404, as for no application), an applicant (403) and no session (401). Each call is
 * set up so that it succeeds for a member with the right.
 */
let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
let program: string;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'payments-matrix@example.edu');
  // The office's first read indexes the application.
  await expectOk(await admin.get(`/api/staff/applications/${applicant.userId}/payments`));
  program = (
    await t.db.query<{ program: string }>('SELECT program FROM staff_application_index WHERE user_id = $1', [
      applicant.userId,
    ])
  ).rows[0]!.program;
});
afterAll(async () => {
  await t?.close();
});

/** A check of the full fee, paid now: a payment to refund. */
async function paidCheck(): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, reference, paid_at,
       created_at, updated_at)
     VALUES ($1, $2, 'application_fee', 7500, 7500, 'USD', 'check', 'paid', 'matrix', $3, $3, $3)`,
    [id, applicant.userId, t.clock.now()],
  );
  return id;
}

const calls: MatrixCall[] = [
  { name: 'GET /payments', status: 200, run: (c) => c.get('/api/staff/payments') },
  { name: 'GET /payments as CSV', status: 200, run: (c) => c.get('/api/staff/payments?format=csv') },
  {
    name: 'GET …/payments',
    status: 200,
    run: (c) => c.get(`/api/staff/applications/${applicant.userId}/payments`),
  },
  {
    name: 'POST …/payments',
    status: 201,
    run: async (c) => {
      // The fee due again for each caller: no payment recorded yet.
      await t.db.query('DELETE FROM payments WHERE user_id = $1', [applicant.userId]);
      return c.post(`/api/staff/applications/${applicant.userId}/payments`, {
        amount: 7500,
        method: 'check',
        reference: '1001',
        received_on: '2026-11-01',
      });
    },
  },
  {
    name: 'PUT …/fee-waiver',
    status: 200,
    run: async (c) => {
      await t.db.query(
        `INSERT INTO fee_waiver_requests (user_id, criterion, statement, state, requested_at) VALUES ($1, 'veteran', 'x', 'pending', $2)
         ON CONFLICT (user_id) DO UPDATE SET state = 'pending', decided_at = NULL`,
        [applicant.userId, t.clock.now()],
      );
      return c.put(`/api/staff/applications/${applicant.userId}/fee-waiver`, { decision: 'deny', note: 'No.' });
    },
  },
  {
    name: 'POST /payments/:id/refunds',
    status: 201,
    run: async (c) => c.post(`/api/staff/payments/${await paidCheck()}/refunds`, { amount: 100, reason: 'Matrix' }),
  },
];

const HAS_PAYMENTS: Record<StaffRole, boolean> = {
  admin: true,
  decider: false,
  reviewer: false,
  reader: false,
  bursar: true,
};

describe('who may read and move money', () => {
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: HAS_PAYMENTS[role], right: 'payments' }),
    );

  const onOneApplication = calls.filter((c) => !c.name.startsWith('GET /payments'));
  it.each(onOneApplication)('a bursar of another program: 404 for $name, as for no application', async (call) => {
    const inside = await staffWithRoles(t, 'inside@college.test', ['bursar'], [program]);
    expect((await call.run(inside)).statusCode).toBe(call.status);
    const other = t.deps.config.tenant.programs.find((p) => p.code !== program)!.code;
    const outside = await staffWithRoles(t, 'outside@college.test', ['bursar'], [other]);
    const res = await call.run(outside);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("a bursar of another program does not see the application's payments in the list", async () => {
    await paidCheck();
    const inside = await staffWithRoles(t, 'inside@college.test', ['bursar'], [program]);
    const listed = async (c: TestClient) =>
      (await expectOk(await c.get('/api/staff/payments'))).json<{ payments: { application_id: string }[] }>().payments;
    expect((await listed(inside)).some((p) => p.application_id === applicant.userId)).toBe(true);
    const other = t.deps.config.tenant.programs.find((p) => p.code !== program)!.code;
    const outside = await staffWithRoles(t, 'outside@college.test', ['bursar'], [other]);
    expect(await listed(outside)).toEqual([]);
  });

  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant.client, call),
  );
});
