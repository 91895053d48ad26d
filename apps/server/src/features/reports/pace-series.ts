import type { Queryable } from '../../infra/db/db';

export interface PaceSeriesRow {
  day: number;
  date: string;
  this_cycle: number;
  last_cycle: number;
}

/**
 * Cumulative submissions by day, in one statement: the submissions of this cycle and of the previous one in the
 * programs (staff_application_index), counted by their local date's number of days from their own cycle's
 * opening date, then summed up to each day from 0 to the last (today, or this cycle's end). Dates are local
 * dates in the institution's zone, so a day is a calendar day there, 23 or 25 hours long at a clock change.
 * This cycle's submissions before its opening count on day 0 and after its end on its last day; the previous
 * cycle's are counted at their own day, whatever this cycle's length.
 */
const PACE_SQL = `
  WITH c AS (
    SELECT ($2::timestamptz AT TIME ZONE $7)::date AS this_opens,
      ($4::timestamptz AT TIME ZONE $7)::date AS last_opens,
      GREATEST(0, ($6::timestamptz AT TIME ZONE $7)::date - ($2::timestamptz AT TIME ZONE $7)::date) AS last_day
  ), per_day AS (
    SELECT i.cycle_id = $1 AS this,
      CASE WHEN i.cycle_id = $1
        THEN LEAST(c.last_day, GREATEST(0, (i.submitted_at AT TIME ZONE $7)::date - c.this_opens))
        ELSE GREATEST(0, (i.submitted_at AT TIME ZONE $7)::date - c.last_opens)
      END AS day,
      count(*)::int AS n
    FROM staff_application_index i CROSS JOIN c
    WHERE (i.cycle_id = $1 OR i.cycle_id = $3) AND i.program = ANY ($5::text[]) AND i.submitted_at IS NOT NULL
    GROUP BY 1, 2
  )
  SELECT d.day::int AS day, to_char(c.this_opens + d.day, 'YYYY-MM-DD') AS date,
    COALESCE(sum(p.n) FILTER (WHERE p.this), 0)::int AS this_cycle,
    COALESCE(sum(p.n) FILTER (WHERE NOT p.this), 0)::int AS last_cycle
  FROM c CROSS JOIN generate_series(0, c.last_day) AS d (day)
  LEFT JOIN per_day p ON p.day <= d.day
  GROUP BY d.day, c.this_opens
  ORDER BY d.day`;

export async function paceSeries(
  db: Queryable,
  q: {
    cycleId: string;
    opensAt: Date;
    previous: { id: string; opensAt: Date } | null;
    programs: readonly string[];
    endsAt: Date;
    timeZone: string;
  },
): Promise<PaceSeriesRow[]> {
  const { rows } = await db.query<PaceSeriesRow>(PACE_SQL, [
    q.cycleId,
    q.opensAt,
    q.previous?.id ?? null,
    q.previous?.opensAt ?? null,
    q.programs,
    q.endsAt,
    q.timeZone,
  ]);
  return rows;
}
