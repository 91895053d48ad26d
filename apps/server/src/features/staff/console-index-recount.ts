import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';

/** Marked index rows recomputed per pass: each pass reads their checklists and letters in a few statements. */
export const RECOUNT_ROWS_PER_PASS = 1000;

/** The refresher's own recomputation of these applications' rows (reindexApplications, console-index.ts). */
export type Reindex = (userIds: readonly string[], db: Queryable) => Promise<unknown>;

/**
 * One pass over the index rows marked for recomputation (`recount`, migration 136: rows written before
 * migration 133, whose missing items and letters were counted as before): the next marked rows in user_id
 * order are written again by the refresher's own code, and their marks cleared (a row the refresher leaves out,
 * a staff member's, is cleared too, so no pass reads it again). Returns how many rows it read (0: none marked).
 *
 * The pass holds the refresher's mark (staff_index_progress, FOR UPDATE SKIP LOCKED) as a refresher pass does,
 * so the two never write one row from two readings: a change committed after this pass read a row has its
 * history past the mark, and the refresher's next pass writes the row again. When another pass holds the mark,
 * this one does nothing and the next takes its turn.
 */
export async function recountIndexRows(
  deps: Pick<AppDeps, 'db'>,
  reindex: Reindex,
  rowsPerPass = RECOUNT_ROWS_PER_PASS,
): Promise<number> {
  // The cheap check first, without a transaction: the partial index holds only the marked rows.
  const { rows: any } = await deps.db.query('SELECT 1 FROM staff_application_index WHERE recount LIMIT 1');
  if (any.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const { rows: locked } = await tx.query('SELECT 1 FROM staff_index_progress WHERE id = 1 FOR UPDATE SKIP LOCKED');
    if (locked.length === 0) return 0;
    const { rows } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM staff_application_index WHERE recount ORDER BY user_id LIMIT $1',
      [rowsPerPass],
    );
    const userIds = rows.map((r) => r.user_id);
    if (userIds.length === 0) return 0;
    await reindex(userIds, tx);
    await tx.query('UPDATE staff_application_index SET recount = false WHERE user_id = ANY ($1::uuid[]) AND recount', [
      userIds,
    ]);
    return userIds.length;
  });
}
