import type { Queryable } from '../../infra/db/db';
import type { ResolvedFilters } from './report-definition';

/** The funnel's counts among the applications whose decided code (or none) is `code`. */
export interface FunnelCountsRow {
  code: string | null;
  started: number;
  submitted: number;
  complete: number;
  in_review: number;
  released: number;
  accepted: number;
  declined: number;
  withdrawn: number;
}

/**
 * One statement over the console's index of the cycle and programs (staff_application_index: program, cycle,
 * submission, the checklist's `complete`, the count of submitted reviews), with each application's current
 * decisions and its withdrawal, grouped by the code it counts as decided with: the provisional decision's, else
 * the released one's, for a member with `decide`; the released one's only for any other, so that nothing
 * provisional reaches them. One group a code, and one for the undecided.
 */
const FUNNEL_SQL = `
  SELECT CASE WHEN $3::boolean THEN COALESCE(p.code, r.code) ELSE r.code END AS code,
    count(*)::int AS started,
    count(*) FILTER (WHERE i.submitted_at IS NOT NULL)::int AS submitted,
    count(*) FILTER (WHERE i.complete)::int AS complete,
    count(*) FILTER (WHERE i.review_count > 0)::int AS in_review,
    count(r.id)::int AS released,
    count(*) FILTER (WHERE r.response = 'accept')::int AS accepted,
    count(*) FILTER (WHERE r.response = 'decline')::int AS declined,
    count(w.user_id)::int AS withdrawn
  FROM staff_application_index i
  LEFT JOIN decisions p ON $3::boolean AND p.user_id = i.user_id AND p.status = 'provisional'
  LEFT JOIN decisions r ON r.user_id = i.user_id AND r.status = 'released'
  LEFT JOIN application_withdrawals w ON w.user_id = i.user_id
  WHERE i.cycle_id = $1 AND i.program = ANY ($2::text[])
  GROUP BY 1`;

export async function funnelCounts(db: Queryable, filters: ResolvedFilters): Promise<FunnelCountsRow[]> {
  const { rows } = await db.query<FunnelCountsRow>(FUNNEL_SQL, [
    filters.cycleId,
    filters.programs,
    filters.includesUnreleased,
  ]);
  return rows;
}
