import type { StaffRole } from '@admissions/domain';
import { anotherSession, loggedInClient } from './application-helpers';
import { setStaffList, STAFF_EMAIL } from './staff-helpers';
import type { TestApp, TestClient } from './test-app';

const accountExists = async (t: TestApp, email: string) =>
  (await t.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).rows.length > 0;

const sessionOf = async (t: TestApp, email: string) =>
  (await accountExists(t, email)) ? anotherSession(t, email) : loggedInClient(t, email);

/**
 * A logged-in staff member with these roles, limited to these programs (null
 * for all), made as an office would: an administrator from STAFF_EMAILS
 * invites the address through the team API, and the member then logs in.
 */
export async function staffWithRoles(
  t: TestApp,
  email: string,
  roles: readonly StaffRole[],
  programs: readonly string[] | null = null,
): Promise<TestClient> {
  const adminEmail = [...t.deps.config.staffEmails][0] ?? STAFF_EMAIL;
  if (!t.deps.config.staffEmails.has(adminEmail)) setStaffList(t, adminEmail);
  const admin = await sessionOf(t, adminEmail);
  const invited = await admin.post('/api/staff/team', { email, name: email.split('@')[0], roles, programs });
  const body = { email, roles, programs };
  if (invited.statusCode !== 201) {
    const changed = await admin.put(`/api/staff/team/${encodeURIComponent(email)}`, body);
    if (changed.statusCode !== 200) throw new Error(`could not make ${email} a member: ${changed.body}`);
  }
  return sessionOf(t, email);
}
