import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffActions, type DeniedCall } from '../../session/audit-log';
import { deniedCallOfAccess, type StaffAccess } from '../../session/staff-access';
import { isUuid } from '../../http/is-uuid';

/**
 * Of these applications, the ones that are the member's own. Staff log in with an ordinary account
 * (decision 011), so a member who applied holds their application under that very id; a past cycle's
 * application moved to an owner row of its own that names the account in users.application_of (decision 052).
 * One primary-key read of users.
 */
export async function ownApplicationIds(
  db: Queryable,
  access: Pick<StaffAccess, 'userId'>,
  userIds: readonly string[],
): Promise<string[]> {
  // An access made outside a request (a reviewer looked up by address) has no account id.
  const ids = userIds.filter((id) => isUuid(id));
  if (!isUuid(access.userId) || ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    // Only an application: the member's own account without one is no application at all (404, as for any id).
    `SELECT u.id FROM users u WHERE u.id = ANY ($2::uuid[]) AND (u.id = $1 OR u.application_of = $1)
       AND EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.id)`,
    [access.userId, ids],
    { name: 'own-applications' },
  );
  return rows.map((r) => r.id);
}

/**
 * Of these applications, the ones of the account with this address, as ownApplicationIds: for a member named by
 * address (a reviewer being assigned), whose account id the call does not carry.
 */
export async function applicationsOfAddress(
  db: Queryable,
  email: string,
  userIds: readonly string[],
): Promise<string[]> {
  const ids = userIds.filter((id) => isUuid(id));
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT owned.id FROM users account JOIN users owned ON owned.id = account.id OR owned.application_of = account.id
     WHERE lower(account.email) = lower($1) AND account.application_of IS NULL AND owned.id = ANY ($2::uuid[])
       AND EXISTS (SELECT 1 FROM applications a WHERE a.user_id = owned.id)`,
    [email, ids],
    { name: 'applications-of-address' },
  );
  return rows.map((r) => r.id);
}

/**
 * A conflict of interest (issue 48): a member never works on their own application, whatever their role. The
 * office's side of it (the file with its letters, notes, reviews, scores, stage, checklist items, print links,
 * decisions and their release) is a colleague's; 403 OWN_APPLICATION, with one 'denied' row per own application
 * in the audit log, as for a missing right. A call naming several is refused whole and lists the member's own
 * (application_ids), as a list with an unseen application is refused whole with 404: nothing is done by halves.
 * What the applicant does on their own application (answering an offer, withdrawing) goes through the applicant's
 * calls and is not touched.
 */
export async function refuseOwnApplications(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  access: StaffAccess,
  userIds: readonly string[],
  { bulk = false } = {},
): Promise<void> {
  const own = await ownApplicationIds(deps.db, access, userIds);
  if (own.length === 0) return;
  const call: Partial<DeniedCall> = deniedCallOfAccess(access) ?? {};
  await recordStaffActions(
    deps.db,
    { userId: access.userId, email: access.email },
    own,
    'denied',
    { ...call, conflict: 'own-application' } satisfies Partial<DeniedCall>,
    deps.clock.now(),
  );
  throw new AppError('OWN_APPLICATION', bulk ? { errors: { application_ids: own } } : {});
}
