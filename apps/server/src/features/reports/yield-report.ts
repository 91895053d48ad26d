import { programLabelOf, termLabelOf, type YieldRow } from '@admissions/domain';
import type { ReportDefinition } from './report-definition';
import { OFFER_JOIN, offerCodes, SCOPED_APPLICATION, scopeParams } from './report-scope';

/** A row as the query counts it: the report's row before its program and term are named. */
type YieldCounts = Omit<YieldRow, 'program_label' | 'term_label'>;

/**
 * One pass over the released offers of the scope, grouped by program and term. Each offer falls in exactly one
 * column: an answer (accept, or a decline the applicant gave), else a withdrawal before the reply-by (the
 * decisions job never declines a withdrawn application's offer by default), else lapsed (declined by default,
 * or its reply-by passed and the job has not run yet), else still open. $3 the offer codes, $4 now.
 */
const YIELD_SQL = `
  SELECT a.answers ->> 'applied_major' AS program, coalesce(a.answers ->> 'entry_term', '') AS term,
    count(*)::int AS offers,
    count(*) FILTER (WHERE d.response = 'accept')::int AS accepted,
    count(*) FILTER (WHERE d.response = 'decline' AND NOT d.response_by_default)::int AS declined,
    count(*) FILTER (WHERE d.response IS NULL AND w.user_id IS NOT NULL
      AND (d.reply_by IS NULL OR w.withdrawn_at < d.reply_by))::int AS withdrawn,
    count(*) FILTER (WHERE d.response IS NULL AND w.user_id IS NULL
      AND (d.reply_by IS NULL OR d.reply_by > $4))::int AS no_answer,
    count(*) FILTER (WHERE d.response = 'decline' AND d.response_by_default
      OR d.response IS NULL AND d.reply_by <= $4 AND (w.user_id IS NULL OR w.withdrawn_at >= d.reply_by))::int AS lapsed
  FROM applications a
  JOIN ${OFFER_JOIN('$3')}
  LEFT JOIN application_withdrawals w ON w.user_id = a.user_id
  WHERE ${SCOPED_APPLICATION}
  GROUP BY 1, 2`;

/**
 * Yield (issue 47): what became of the released offers, by program and term, in the tenant's order of each.
 * Only released decisions count, whoever asks: an offer not yet released is no offer. A combination of program
 * and term without an offer has no row.
 */
export const yieldReport: ReportDefinition<'yield'> = {
  kind: 'yield',
  async draw({ deps, filters, now }) {
    const { tenant } = deps.config;
    const { rows } = await deps.db.query<YieldCounts>(YIELD_SQL, [...scopeParams(filters), offerCodes(tenant), now]);
    const programOrder = (code: string) => filters.programs.indexOf(code);
    const termOrder = (id: string) => {
      const i = tenant.terms.findIndex((t) => t.id === id);
      return i === -1 ? tenant.terms.length : i;
    };
    const sorted = rows.sort(
      (x, y) =>
        programOrder(x.program) - programOrder(y.program) ||
        termOrder(x.term) - termOrder(y.term) ||
        (x.term < y.term ? -1 : x.term > y.term ? 1 : 0),
    );
    return {
      rows: sorted.map((r): YieldRow => ({
        program: r.program,
        program_label: programLabelOf(tenant, r.program),
        term: r.term,
        term_label: termLabelOf(tenant, r.term),
        offers: r.offers,
        accepted: r.accepted,
        declined: r.declined,
        withdrawn: r.withdrawn,
        no_answer: r.no_answer,
        lapsed: r.lapsed,
      })),
    };
  },
  csv: (report) => ({
    header: [
      'Program',
      'Program name',
      'Term',
      'Term name',
      'Offers',
      'Accepted',
      'Declined',
      'Withdrawn',
      'No answer',
      'Lapsed',
    ],
    rows: report.rows.map((r) => [
      r.program,
      r.program_label,
      r.term,
      r.term_label,
      r.offers,
      r.accepted,
      r.declined,
      r.withdrawn,
      r.no_answer,
      r.lapsed,
    ]),
  }),
};
