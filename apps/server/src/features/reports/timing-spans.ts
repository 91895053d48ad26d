import { TIMING_STEPS, type TimingStep } from '@admissions/domain';
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
 *
 * Each source is one `GROUP BY user_id` over its table, left-joined to the scope by user (GREATEST ignores a
 * NULL, so a source without a row for the application does not count). Deliberately not filtered by
 * `user_id IN (SELECT … FROM scope)`: a CTE has no statistics, so such a filter was planned for 200 rows (really
 * one a complete application, 150,000 at the benchmark's scale) and probed each table's index once an
 * application, and the inflated cost estimate then bought seconds of JIT compilation on every call
 * (docs/performance/reports.md). Aggregated whole, each table is read once and hash-joined.
 */
const LATEST = {
  waiver: `SELECT user_id, max(waived_at) AS at FROM checklist_waivers GROUP BY user_id`,
  receipt: `SELECT user_id, max(received_at) AS at FROM checklist_receipts GROUP BY user_id`,
  request: `SELECT user_id, max(answered_at) AS at FROM checklist_requests
    WHERE answered_at IS NOT NULL AND withdrawn_at IS NULL GROUP BY user_id`,
  letter: `SELECT user_id, max(responded_at) AS at FROM recommendation_requests
    WHERE current AND status = 'RECEIVED' GROUP BY user_id`,
  document: `SELECT user_id, max(updated_at) AS at FROM documents WHERE status = 'COMPLETED' GROUP BY user_id`,
};

/** The percentile of a span column (seconds) in days, rounded to 1 decimal. */
const days = (q: number, column: string) =>
  `round((percentile_cont(${q}) WITHIN GROUP (ORDER BY ${column}) / 86400)::numeric, 1)::float8`;

/**
 * The three spans of the cycle's complete applications in the programs (staff_application_index), in days, with
 * their count, median and 90th percentile by program, in one statement: submission to complete, complete to the
 * first submitted review, complete to the first release of a decision (released_at of the earliest released or
 * superseded one: a decision changed after release keeps the first). A review or release before completion
 * counts as 0 days. Percentiles are continuous (the median of 4 and 5 is 4.5), rounded to 1 decimal.
 *
 * One row an application with the three spans as columns (a span that has not happened yet is NULL, which
 * count() and percentile_cont ignore), then one group a program: one sort of the applications a column, not a
 * sort of every span by program and step.
 */
const TIMING_SQL = `
  WITH spans AS (
    SELECT i.program,
      extract(epoch FROM GREATEST(i.submitted_at, wv.at, rc.at, rq.at, lt.at, dc.at) - i.submitted_at) AS s1,
      GREATEST(i.submitted_at, wv.at, rc.at, rq.at, lt.at, dc.at) AS complete_at,
      fr.at AS review_at, fd.at AS release_at
    FROM staff_application_index i
    LEFT JOIN (${LATEST.waiver}) wv ON wv.user_id = i.user_id
    LEFT JOIN (${LATEST.receipt}) rc ON rc.user_id = i.user_id
    LEFT JOIN (${LATEST.request}) rq ON rq.user_id = i.user_id
    LEFT JOIN (${LATEST.letter}) lt ON lt.user_id = i.user_id
    LEFT JOIN (${LATEST.document}) dc ON dc.user_id = i.user_id
    LEFT JOIN (SELECT application_user_id AS user_id, min(submitted_at) AS at FROM reviews
      WHERE status = 'submitted' GROUP BY application_user_id) fr ON fr.user_id = i.user_id
    LEFT JOIN (SELECT user_id, min(released_at) AS at FROM decisions
      WHERE released_at IS NOT NULL GROUP BY user_id) fd ON fd.user_id = i.user_id
    WHERE i.cycle_id = $1 AND i.program = ANY ($2::text[]) AND i.complete AND i.submitted_at IS NOT NULL
  ), seconds AS (
    SELECT program, s1,
      CASE WHEN review_at IS NOT NULL THEN GREATEST(0, extract(epoch FROM review_at - complete_at)) END AS s2,
      CASE WHEN release_at IS NOT NULL THEN GREATEST(0, extract(epoch FROM release_at - complete_at)) END AS s3
    FROM spans
  )
  SELECT program,
    count(s1)::int AS c1, ${days(0.5, 's1')} AS m1, ${days(0.9, 's1')} AS p1,
    count(s2)::int AS c2, ${days(0.5, 's2')} AS m2, ${days(0.9, 's2')} AS p2,
    count(s3)::int AS c3, ${days(0.5, 's3')} AS m3, ${days(0.9, 's3')} AS p3
  FROM seconds
  GROUP BY program`;

interface ProgramSpans {
  program: string;
  c1: number;
  m1: number | null;
  p1: number | null;
  c2: number;
  m2: number | null;
  p2: number | null;
  c3: number;
  m3: number | null;
  p3: number | null;
}

/** Which columns of a program's row hold each step's count, median and 90th percentile. */
const STEP_COLUMNS = {
  submitted_to_complete: ['c1', 'm1', 'p1'],
  complete_to_first_review: ['c2', 'm2', 'p2'],
  complete_to_release: ['c3', 'm3', 'p3'],
} as const satisfies Record<TimingStep, readonly [keyof ProgramSpans, keyof ProgramSpans, keyof ProgramSpans]>;

export async function timingSpans(
  db: Queryable,
  cycleId: string,
  programs: readonly string[],
): Promise<TimingSpanRow[]> {
  const { rows } = await db.query<ProgramSpans>(TIMING_SQL, [cycleId, programs]);
  // One row a program and step; a step no application has reached yet has a count of 0 and no days.
  return rows.flatMap((r) =>
    TIMING_STEPS.map((step): TimingSpanRow => {
      const [count, median, p90] = STEP_COLUMNS[step];
      return { program: r.program, step, count: r[count], median_days: r[median], p90_days: r[p90] };
    }),
  );
}
