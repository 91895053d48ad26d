import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { recordStaffActions, type StaffMember } from '../../session/audit-log';
import { hasRight, seesProgram, type StaffAccess } from '../../session/staff-access';
import { memberAccess } from '../../session/staff-team';
import { copyDecisionStates } from '../staff';

/**
 * Why a release's maker may no longer release an application when its time comes (issue 48): the maker left the
 * team (or STAFF_EMAILS), lost the right to decide, or no longer sees the application's program. The release
 * speaks for its maker; what the maker could not do now, it does not do for them.
 */
export type WithheldReason = 'maker-not-on-team' | 'maker-cannot-decide' | 'program-not-seen';

export interface ReleaseMaker {
  created_by_id: string | null;
  created_by: string;
}

/**
 * The maker's access as it stands now, read in the caller's transaction (memberAccess, as every staff call
 * reads it), or why the maker may release nothing at all.
 */
export async function makerAccessNow(
  deps: Pick<AppDeps, 'config' | 'db'>,
  tx: Queryable,
  maker: ReleaseMaker,
): Promise<StaffAccess | WithheldReason> {
  const access = await memberAccess(deps, maker.created_by_id ?? '', maker.created_by, tx);
  if (!access) return 'maker-not-on-team';
  return hasRight(access, 'decide') ? access : 'maker-cannot-decide';
}

/** Of a batch of a release, the applications in programs the maker no longer sees (as assertSeesAll decides at the call). */
export async function unseenByMaker(tx: Queryable, access: StaffAccess, userIds: readonly string[]): Promise<string[]> {
  if (access.programs === null || userIds.length === 0) return [];
  const { rows } = await tx.query<{ user_id: string; program: string }>(
    'SELECT user_id, program FROM staff_application_index WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  const seen = new Set(rows.filter((r) => seesProgram(access, r.program)).map((r) => r.user_id));
  return userIds.filter((id) => !seen.has(id));
}

/**
 * Records that these applications were left out of the release at its time, and why: one 'cancel-release' row
 * each, as a cancelled release is recorded, under the maker whose release it was and marked as the decisions
 * job's doing, so the office reads it in the application's audit trail. Their decisions stay provisional.
 */
export async function recordWithheld(
  deps: Pick<AppDeps, 'clock'>,
  tx: Queryable,
  releaseId: string,
  maker: ReleaseMaker,
  userIds: readonly string[],
  reason: WithheldReason,
): Promise<void> {
  const staff: StaffMember = { userId: maker.created_by_id ?? '', email: maker.created_by };
  const detail = { release_id: releaseId, reason, by: 'decisions job' };
  await recordStaffActions(tx, staff, userIds, 'cancel-release', detail, deps.clock.now());
}

/**
 * Cancels the rest of a release whose maker may release nothing any more: the release ends cancelled (its items
 * not done, as cancelRelease leaves them; batches already carried out stay released), every application still
 * waiting for it is recorded as withheld, and the list's copy of their state goes back to provisional.
 * Returns how many were withheld.
 */
export async function withholdRestOfRelease(
  deps: Pick<AppDeps, 'clock'>,
  tx: Queryable,
  releaseId: string,
  maker: ReleaseMaker,
  reason: WithheldReason,
): Promise<number> {
  await tx.query(`UPDATE decision_releases SET status = 'cancelled', finished_at = $2 WHERE id = $1`, [
    releaseId,
    deps.clock.now(),
  ]);
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM decision_release_items WHERE release_id = $1 AND NOT done',
    [releaseId],
  );
  const ids = rows.map((r) => r.user_id);
  await copyDecisionStates(tx, ids);
  await recordWithheld(deps, tx, releaseId, maker, ids, reason);
  return ids.length;
}
