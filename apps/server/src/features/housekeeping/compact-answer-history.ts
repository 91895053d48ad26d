import type { Queryable } from '../../infra/db/db';
import { DAY, MINUTE } from '../../infra/time-units';

/** Successive answer saves of one applicant within this span become one history row. */
export const HISTORY_COMPACT_SPAN_MS = 10 * MINUTE;
/** Only rows this recent are looked at: older ones were compacted by an earlier run (it runs hourly). */
const LOOK_BACK_MS = 2 * DAY;

/**
 * Compacts answer_history (issue 11). Every save appends a row (the batched
 * hot path cannot afford more, docs/decisions/008), so an applicant typing
 * for an hour leaves hundreds. Once a span of HISTORY_COMPACT_SPAN_MS is over,
 * the successive 'answer' rows of one applicant in it are merged into its
 * last row: each key keeps the last value it had in the span, in the order
 * saved. A row of another kind (a clearing rule, a submission, …) ends a run,
 * so the order of events around it stays exact. Runs in the hourly
 * housekeeping job; returns the number of rows removed.
 */
export async function compactAnswerHistory(db: Queryable, now: Date): Promise<number> {
  const settled = new Date(Math.floor(now.getTime() / HISTORY_COMPACT_SPAN_MS) * HISTORY_COMPACT_SPAN_MS);
  const since = new Date(settled.getTime() - LOOK_BACK_MS);
  const { rowCount } = await db.query(
    `WITH scanned AS (
       SELECT id, user_id, kind, changes,
              sum(CASE WHEN kind = 'answer' THEN 0 ELSE 1 END) OVER (PARTITION BY user_id ORDER BY id) AS run,
              floor(EXTRACT(EPOCH FROM created_at) * 1000 / $3::bigint) AS span
       FROM answer_history WHERE created_at >= $1 AND created_at < $2
     ), groups AS (
       SELECT user_id, run, span, max(id) AS keep_id, jsonb_merge_agg(changes ORDER BY id) AS merged
       FROM scanned WHERE kind = 'answer'
       GROUP BY user_id, run, span HAVING count(*) > 1
     ), kept AS (
       UPDATE answer_history h SET changes = g.merged FROM groups g WHERE h.id = g.keep_id RETURNING h.id
     )
     DELETE FROM answer_history h
     USING scanned s JOIN groups g ON g.user_id = s.user_id AND g.run = s.run AND g.span = s.span
     WHERE h.id = s.id AND s.kind = 'answer' AND s.id <> g.keep_id`,
    [since, settled, HISTORY_COMPACT_SPAN_MS],
  );
  return rowCount;
}
