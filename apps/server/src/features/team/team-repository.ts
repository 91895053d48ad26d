import { normalizeEmail, type StaffRole, type StaffSignInMethod, type TeamMember } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';

interface MemberRow {
  email: string;
  name: string | null;
  roles: StaffRole[];
  programs: string[] | null;
  from_environment: boolean;
  invited_at: Date | null;
  last_seen_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The team: STAFF_EMAILS addresses (administrators of every program, whether
 * or not they have been seen yet) and the invited members. A from_environment
 * row whose address left STAFF_EMAILS is no member and is not listed.
 * Each with how they last signed in and whether a second factor is set up (issue 44).
 */
export async function listTeam(deps: Pick<AppDeps, 'db' | 'config'>): Promise<TeamMember[]> {
  const env = [...deps.config.staffEmails];
  const { rows } = await deps.db.query<MemberRow>(
    `SELECT email, name, roles, programs, from_environment, invited_at, last_seen_at
     FROM staff_members WHERE NOT from_environment OR email = ANY ($1::text[])`,
    [env],
  );
  const emails = [...env, ...rows.map((r) => r.email)];
  const [enrolled, signIns] = [await enrolledAddresses(deps.db, emails), await lastSignIns(deps.db, emails)];
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const signIn = (email: string) => ({
    last_sign_in_at: iso(signIns.get(email)?.at ?? null),
    last_sign_in_method: signIns.get(email)?.method ?? null,
    mfa_enrolled: enrolled.has(email),
  });
  const members: TeamMember[] = env.map((email) => ({
    email,
    name: null,
    roles: ['admin'],
    programs: null,
    status: byEmail.get(email)?.last_seen_at ? 'active' : 'invited',
    invited_at: null,
    last_seen_at: iso(byEmail.get(email)?.last_seen_at ?? null),
    from_environment: true,
    ...signIn(email),
  }));
  for (const r of rows) {
    if (deps.config.staffEmails.has(r.email)) continue;
    members.push({
      email: r.email,
      name: r.name,
      roles: r.roles,
      programs: r.programs,
      status: r.last_seen_at ? 'active' : 'invited',
      invited_at: iso(r.invited_at),
      last_seen_at: iso(r.last_seen_at),
      from_environment: false,
      ...signIn(r.email),
    });
  }
  return members.sort((a, b) => a.email.localeCompare(b.email));
}

/** Each address's latest sign-in, from the audit log (its partial index staff_audit_log_sign_ins). */
async function lastSignIns(
  db: Queryable,
  emails: string[],
): Promise<Map<string, { at: Date; method: StaffSignInMethod }>> {
  const { rows } = await db.query<{ email: string; at: Date; method: StaffSignInMethod }>(
    `SELECT e.email, s.created_at AS at, s.detail->>'method' AS method
     FROM unnest($1::text[]) AS e(email)
     CROSS JOIN LATERAL (
       SELECT created_at, detail FROM staff_audit_log
       WHERE staff_email = e.email AND action = 'sign-in' ORDER BY created_at DESC LIMIT 1
     ) s`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, { at: r.at, method: r.method }]));
}

/** Which of these (normalised) addresses' accounts have a second factor: a confirmed TOTP key or a passkey. */
async function enrolledAddresses(db: Queryable, emails: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT lower(u.email) AS email FROM users u
     WHERE lower(u.email) = ANY ($1::text[]) AND u.application_of IS NULL
       AND (EXISTS (SELECT 1 FROM staff_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL)
         OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.user_id = u.id))`,
    [emails],
  );
  return new Set(rows.map((r) => r.email));
}

export interface MemberChange {
  roles: StaffRole[];
  programs: string[] | null;
}

/** A change of a member, and of their name when it names one (issue 49: a change without a name keeps it). */
export interface MemberUpdate extends MemberChange {
  name?: string | undefined;
}

/** STAFF_EMAILS addresses are changed only in the environment. */
export function refuseEnvironmentMember(deps: Pick<AppDeps, 'config'>, email: string): void {
  if (deps.config.staffEmails.has(normalizeEmail(email))) throw new AppError('TEAM_MEMBER_FROM_ENVIRONMENT');
}

export async function inviteMember(
  tx: Queryable,
  email: string,
  change: MemberChange & { name: string },
  invitedBy: string,
  now: Date,
): Promise<void> {
  // A leftover from_environment row (the address left STAFF_EMAILS) is taken over by the invitation.
  const { rows } = await tx.query(
    `INSERT INTO staff_members (email, name, roles, programs, from_environment, invited_at, invited_by, created_at)
     VALUES ($1, $6, $2, $3, false, $4, $5, $4)
     ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, roles = EXCLUDED.roles, programs = EXCLUDED.programs,
       from_environment = false, invited_at = EXCLUDED.invited_at, invited_by = EXCLUDED.invited_by, last_seen_at = NULL
     WHERE staff_members.from_environment
     RETURNING email`,
    [email, change.roles, change.programs, now, invitedBy, change.name],
  );
  if (rows.length === 0) throw new AppError('TEAM_MEMBER_EXISTS');
}

/**
 * Locks the invited members' rows (so two administrators demoting each other
 * at once cannot both pass) and answers the member's current row and how many
 * administrators the team has, STAFF_EMAILS included.
 */
async function lockTeam(deps: Pick<AppDeps, 'config'>, tx: Queryable, email: string) {
  const { rows } = await tx.query<MemberRow>(
    `SELECT email, name, roles, programs, from_environment, invited_at, last_seen_at FROM staff_members
     WHERE NOT from_environment ORDER BY email FOR UPDATE`,
  );
  const member = rows.find((r) => r.email === email);
  if (!member) throw new AppError('NOT_FOUND');
  const admins = deps.config.staffEmails.size + rows.filter((r) => r.roles.includes('admin')).length;
  return { member, admins };
}

export async function changeMember(
  deps: Pick<AppDeps, 'config'>,
  tx: Queryable,
  email: string,
  change: MemberUpdate,
): Promise<MemberChange & { name: string | null }> {
  const { member, admins } = await lockTeam(deps, tx, email);
  if (member.roles.includes('admin') && !change.roles.includes('admin') && admins <= 1) {
    throw new AppError('LAST_ADMINISTRATOR');
  }
  await tx.query('UPDATE staff_members SET roles = $2, programs = $3, name = coalesce($4, name) WHERE email = $1', [
    email,
    change.roles,
    change.programs,
    change.name ?? null,
  ]);
  return { name: member.name, roles: member.roles, programs: member.programs };
}

/** Removes the member and ends their staff sessions (their account and any application stay). */
export async function removeMember(deps: Pick<AppDeps, 'config'>, tx: Queryable, email: string): Promise<MemberChange> {
  const { member, admins } = await lockTeam(deps, tx, email);
  if (member.roles.includes('admin') && admins <= 1) throw new AppError('LAST_ADMINISTRATOR');
  await tx.query('DELETE FROM staff_members WHERE email = $1', [email]);
  await tx.query(`DELETE FROM sessions WHERE is_staff AND user_id IN (SELECT id FROM users WHERE lower(email) = $1)`, [
    email,
  ]);
  return { roles: member.roles, programs: member.programs };
}

/** A member's own name (issue 49), or null: STAFF_EMAILS administrators and members invited before have none. */
export async function memberName(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string | null }>(
    'SELECT name FROM staff_members WHERE email = $1 AND NOT from_environment',
    [normalizeEmail(email)],
  );
  return rows[0]?.name ?? null;
}
