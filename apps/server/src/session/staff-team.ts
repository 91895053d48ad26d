import { normalizeEmail, STAFF_ROLES, type StaffRole } from '@admissions/domain';
import type { AppDeps } from '../app-deps';
import type { Queryable } from '../infra/db/db';
import { accessFor, type StaffAccess } from './staff-access';
import type { StaffMemberColumns } from './sessions-repository';

/**
 * Who is on the admissions office's team, resolved from the database on every
 * staff request (decision 039), so a change made through any process counts
 * at the member's next request. STAFF_EMAILS addresses are administrators of
 * every program whatever their row says; their row exists only to record
 * last_seen_at. Everyone else is a staff_members row.
 */

/** last_seen_at is written at most this often per member: the staff check stays one read. */
const SEEN_EVERY_MS = 60_000;

interface MemberRow {
  roles: string[];
  programs: string[] | null;
  from_environment: boolean;
}

export function isEnvironmentAdmin(deps: Pick<AppDeps, 'config'>, email: string): boolean {
  return deps.config.staffEmails.has(normalizeEmail(email));
}

const ENVIRONMENT_ROLES: readonly StaffRole[] = ['admin'];

function rolesOf(row: MemberRow): StaffRole[] {
  return row.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r));
}

/** The member's access now, or undefined when the address is not on the team (a from_environment row no longer in STAFF_EMAILS counts for nothing). */
export async function memberAccess(
  deps: Pick<AppDeps, 'config' | 'db'>,
  userId: string,
  email: string,
  db: Queryable = deps.db,
): Promise<StaffAccess | undefined> {
  if (isEnvironmentAdmin(deps, email)) return accessFor(userId, email, ENVIRONMENT_ROLES, null);
  const { rows } = await db.query<MemberRow>(
    'SELECT roles, programs, from_environment FROM staff_members WHERE email = $1',
    [normalizeEmail(email)],
    { name: 'staff-member' },
  );
  const row = rows[0];
  if (!row || row.from_environment) return undefined;
  return accessFor(userId, email, rolesOf(row), row.programs);
}

/**
 * The access of a staff request's caller, with last_seen_at recorded (at most
 * once a minute) in the same statement: one indexed read per staff request.
 */
export async function resolveStaffAccess(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock'>,
  userId: string,
  email: string,
): Promise<StaffAccess | undefined> {
  const address = normalizeEmail(email);
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - SEEN_EVERY_MS);
  if (isEnvironmentAdmin(deps, address)) {
    // The environment's administrators get a row of their own on first sight, for the team page.
    // Nothing is written when the row was seen within the minute: an ON CONFLICT that matches locks the row even
    // when its WHERE skips the update, which made every call of theirs a write and a commit (decision 051).
    await deps.db.query(
      `INSERT INTO staff_members (email, roles, programs, from_environment, created_at, last_seen_at)
       SELECT $1::text, '{admin}'::text[], NULL::text[], true, $2::timestamptz, $2::timestamptz
       WHERE NOT EXISTS (SELECT 1 FROM staff_members WHERE email = $1 AND from_environment AND last_seen_at > $3)
       ON CONFLICT (email) DO UPDATE SET last_seen_at = $2, from_environment = true, roles = '{admin}', programs = NULL
       WHERE staff_members.last_seen_at IS NULL OR staff_members.last_seen_at <= $3
         OR NOT staff_members.from_environment`,
      [address, now, staleBefore],
      { name: 'staff-member-env-seen' },
    );
    return accessFor(userId, email, ENVIRONMENT_ROLES, null);
  }
  const { rows } = await deps.db.query<MemberRow>(
    `WITH m AS (SELECT roles, programs, from_environment FROM staff_members WHERE email = $1),
     seen AS (UPDATE staff_members SET last_seen_at = $2
       WHERE email = $1 AND NOT from_environment AND (last_seen_at IS NULL OR last_seen_at <= $3) RETURNING 1)
     SELECT roles, programs, from_environment FROM m`,
    [address, now, staleBefore],
    { name: 'staff-member-seen' },
  );
  const row = rows[0];
  if (!row || row.from_environment) return undefined;
  return accessFor(userId, email, rolesOf(row), row.programs);
}

/**
 * The caller's access from the team row read in the session's own statement
 * (checkLiveStaffSession): no further round trip when the row decides it and
 * was seen within the minute. Otherwise (no row for the address, an
 * environment administrator without a recent row, a member due a last_seen_at
 * write) resolveStaffAccess reads and writes as before, so the answer is
 * always the one it would give.
 */
export async function staffAccessFromRow(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock'>,
  userId: string,
  email: string,
  row: StaffMemberColumns,
): Promise<StaffAccess | undefined> {
  const staleBefore = deps.clock.now().getTime() - SEEN_EVERY_MS;
  const seenRecently = row.member_last_seen_at != null && new Date(row.member_last_seen_at).getTime() > staleBefore;
  if (isEnvironmentAdmin(deps, email)) {
    if (row.member_from_environment === true && seenRecently) return accessFor(userId, email, ENVIRONMENT_ROLES, null);
    return resolveStaffAccess(deps, userId, email);
  }
  if (row.member_roles === null || !seenRecently) return resolveStaffAccess(deps, userId, email);
  if (row.member_from_environment) return undefined;
  return accessFor(
    userId,
    email,
    rolesOf({ roles: row.member_roles, programs: null, from_environment: false }),
    row.member_programs,
  );
}

/** Whether a login starts a staff session: the address is in STAFF_EMAILS or on the team. */
export async function isStaffAtLogin(deps: Pick<AppDeps, 'config' | 'db'>, email: string): Promise<boolean> {
  return (await memberAccess(deps, '', email)) !== undefined;
}
