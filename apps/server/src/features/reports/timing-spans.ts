import type { TimingStep } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

export interface TimingSpanRow {
  program: string;
  step: TimingStep;
  count: number;
  median_days: number | null;
  p90_days: number | null;
}

/**
 * When a complete application became complete: no instant is stored (the checklist is derived on every read,
 * decision 043, and the index keeps only the flag). It is taken as the last instant one of its items was
 * received or waived, and never before submission: the latest of its submission, its waivers, the office's
 * receipts, its answered requests, its received current letters and its converted documents. Only the items'
 * current sources count: a waiver taken back or a letter replaced leaves no trace, so this is the instant the
 * checklist as it stands now was last completed. An item satisfied twice (a document received and also waived)
 * counts its later instant.
 */
const COMPLETION_EVENTS = `
  SELECT user_id, waived_at AS at FROM checklist_waivers WHERE user_id IN (SELECT user_id FROM scoped)
  UNION ALL SELECT user_id, received_at FROM checklist_receipts WHERE user_id IN (SELECT user_id FROM scoped)
  UNION ALL SELECT user_id, answered_at FROM checklist_requests
    WHERE answered_at IS NOT NULL AND withdrawn_at IS NULL AND user_id IN (SELECT user_id FROM scoped)
  UNION ALL SELECT user_id, responded_at FROM recommendation_requests
    WHERE current AND status = 'RECEIVED' AND user_id IN (SELECT user_id FROM scoped)
  UNION ALL SELECT user_id, updated_at FROM documents
    WHERE status = 'COMPLETED' AND user_id IN (SELECT user_id FROM scoped)`;

/**
 * The three spans of the cycle's complete applications in the programs (staff_application_index), in days, with
 * their count, median and 90th percentile by program, in one statement: submission to complete, complete to the
 * first submitted review, complete to the first release of a decision (released_at of the earliest released or
 * superseded one: a decision changed after release keeps the first). A review or release before completion
 * counts as 0 days. Percentiles are continuous (the median of 4 and 5 is 4.5), rounded to 1 decimal.
 */
const TIMING_SQL = `
  WITH scoped AS (
    SELECT user_id, program, submitted_at FROM staff_application_index
    WHERE cycle_id = $1 AND program = ANY ($2::text[]) AND complete AND submitted_at IS NOT NULL
  ), events AS (${COMPLETION_EVENTS}
  ), completed AS (
    SELECT s.user_id, s.program, s.submitted_at, GREATEST(s.submitted_at, max(e.at)) AS complete_at
    FROM scoped s LEFT JOIN events e ON e.user_id = s.user_id
    GROUP BY s.user_id, s.program, s.submitted_at
  ), first_review AS (
    SELECT application_user_id AS user_id, min(submitted_at) AS at FROM reviews
    WHERE status = 'submitted' AND application_user_id IN (SELECT user_id FROM scoped)
    GROUP BY 1
  ), first_release AS (
    SELECT user_id, min(released_at) AS at FROM decisions
    WHERE released_at IS NOT NULL AND user_id IN (SELECT user_id FROM scoped)
    GROUP BY 1
  ), spans AS (
    SELECT c.program, 'submitted_to_complete' AS step, extract(epoch FROM c.complete_at - c.submitted_at) AS seconds
    FROM completed c
    UNION ALL
    SELECT c.program, 'complete_to_first_review', GREATEST(0, extract(epoch FROM r.at - c.complete_at))
    FROM completed c JOIN first_review r ON r.user_id = c.user_id
    UNION ALL
    SELECT c.program, 'complete_to_release', GREATEST(0, extract(epoch FROM d.at - c.complete_at))
    FROM completed c JOIN first_release d ON d.user_id = c.user_id
  )
  SELECT program, step, count(*)::int AS count,
    round((percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) / 86400)::numeric, 1)::float8 AS median_days,
    round((percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) / 86400)::numeric, 1)::float8 AS p90_days
  FROM spans
  GROUP BY program, step`;

export async function timingSpans(
  db: Queryable,
  cycleId: string,
  programs: readonly string[],
): Promise<TimingSpanRow[]> {
  const { rows } = await db.query<TimingSpanRow>(TIMING_SQL, [cycleId, programs]);
  return rows;
}
