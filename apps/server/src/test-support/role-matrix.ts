import type { StaffRole } from '@admissions/domain';
import { expect } from 'vitest';
import { staffWithRoles } from './staff-roles-helper';
import type { TestApp, TestClient } from './test-app';

/** One staff call of a role matrix, set up so that it succeeds (with `status`) for a member allowed it. */
export interface MatrixCall {
  name: string;
  status: number;
  run: (client: TestClient) => ReturnType<TestClient['get']>;
}

/**
 * A member with only `role` asks the call: `allowed`, it succeeds; else 403 STAFF_RIGHT_MISSING, and the refusal is
 * in the audit log naming the right the member lacked.
 */
export async function expectRoleOutcome(
  t: TestApp,
  role: StaffRole,
  call: MatrixCall,
  { allowed, right }: { allowed: boolean; right: string },
): Promise<void> {
  const email = `${role}@college.test`;
  const member = await staffWithRoles(t, email, [role]);
  const res = await call.run(member);
  if (allowed) {
    expect(res.statusCode, res.body).toBe(call.status);
    return;
  }
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
  const denied = await t.db.query(
    `SELECT 1 FROM staff_audit_log WHERE staff_email = $1 AND action = 'denied' AND detail->>'right' = $2`,
    [email, right],
  );
  expect(denied.rows.length).toBeGreaterThan(0);
}

/** The call succeeds for an administrator, then answers an applicant 403 STAFF_ONLY and no session 401. */
export async function expectStaffOnly(
  t: TestApp,
  admin: TestClient,
  applicant: TestClient,
  call: MatrixCall,
): Promise<void> {
  expect((await call.run(admin)).statusCode).toBe(call.status);
  const asApplicant = await call.run(applicant);
  expect(asApplicant.statusCode).toBe(403);
  expect(asApplicant.json()).toMatchObject({ code: 'STAFF_ONLY' });
  expect((await call.run(t.client())).statusCode).toBe(401);
}
