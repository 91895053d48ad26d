import type { AppDeps } from '../../app-deps';
import { copyDecisionStates } from '../staff';

/**
 * Takes these applications out of the scheduled releases they wait in (issue 41: "Cancel release" for the
 * rows selected), in one transaction; a release left with nobody is cancelled. A release already under way
 * or due is left alone. Returns, per application taken out, the release it left.
 */
export async function cancelScheduledFor(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userIds: readonly string[],
): Promise<{ user_id: string; release_id: string }[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { rows: releases } = await tx.query<{ id: string }>(
      `SELECT DISTINCT r.id FROM decision_releases r JOIN decision_release_items i ON i.release_id = r.id
       WHERE i.user_id = ANY($1::uuid[]) AND r.status = 'scheduled' AND r.release_at > $2
         AND NOT EXISTS (SELECT 1 FROM decision_release_items d WHERE d.release_id = r.id AND d.done)
       ORDER BY r.id`,
      [userIds, now],
    );
    const releaseIds = releases.map((r) => r.id);
    if (releaseIds.length === 0) return [];
    // Locked as cancelRelease and the release job lock them: neither can carry them out meanwhile.
    await tx.query('SELECT 1 FROM decision_releases WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [releaseIds]);
    const { rows: removed } = await tx.query<{ user_id: string; release_id: string }>(
      `DELETE FROM decision_release_items WHERE release_id = ANY($1::uuid[]) AND user_id = ANY($2::uuid[]) AND NOT done
       RETURNING user_id, release_id`,
      [releaseIds, userIds],
    );
    await tx.query(
      `UPDATE decision_releases r SET status = 'cancelled', finished_at = $2
       WHERE r.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM decision_release_items i WHERE i.release_id = r.id)`,
      [releaseIds, now],
    );
    await copyDecisionStates(
      tx,
      removed.map((r) => r.user_id),
    );
    return removed;
  });
}
