import type { StaffRole } from '@admissions/domain';
import { grantStaffRoles } from '../session/require-staff';
import { anotherSession, loggedInClient } from './application-helpers';
import { setStaffList } from './staff-helpers';
import type { TestApp, TestClient } from './test-app';

/**
 * A logged-in staff member with these roles, limited to these programs (null
 * for all). Until the team lives in the database (#28), it adds the address
 * to STAFF_EMAILS and grants the roles in memory; after the merge only this
 * body changes: it will invite the member through the team API instead.
 */
export async function staffWithRoles(
  t: TestApp,
  email: string,
  roles: readonly StaffRole[],
  programs: readonly string[] | null = null,
): Promise<TestClient> {
  setStaffList(t, ...t.deps.config.staffEmails, email);
  grantStaffRoles(t.deps.config, email, { roles, programs });
  const exists = (await t.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).rows.length > 0;
  return exists ? anotherSession(t, email) : loggedInClient(t, email);
}
