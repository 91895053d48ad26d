import type { ReviewerRow } from '@admissions/domain';
import { memberNameSql } from '../../session/member-name';
import type { ReportDefinition } from './report-definition';
import { SCOPED_APPLICATION, scopeParams, twoDecimals } from './report-scope';

interface ReviewerCounts {
  reviewer: string;
  reviewer_name: string | null;
  assigned: number;
  submitted: number;
  median_days: number | null;
  mean_score: number | null;
  score_spread: number | null;
  mean_difference: number | null;
}

/**
 * Per reviewer, over the applications of the scope: assignments (review_assignments), and of the submitted
 * reviews (reviews, status 'submitted'; a draft's score is provisional and never counts) the days from
 * assignment to first submission, the mean overall score and its population standard deviation. The difference
 * from the others: on each application, the sum and count of its submitted scores give the others' mean without
 * a self-join ((sum − mine) / (n − 1), where n > 1); one term an application, averaged.
 *
 * The sum and count are one `GROUP BY` of the submitted reviews by application, hash-joined to each review (an
 * application is wholly in the scope or not, so its group is the same as over the scope's reviews alone), not a
 * window over every review: a window sorts all the reviews by application before the grouping by reviewer sorts
 * them again (two external sorts of 380,000 rows at the benchmark's scale). The scope is filtered first, once.
 */
const REVIEWERS_SQL = `
  WITH scope AS MATERIALIZED (SELECT a.user_id FROM applications a WHERE ${SCOPED_APPLICATION}),
  assigned AS (
    SELECT ra.reviewer_email AS reviewer, count(*)::int AS assigned
    FROM review_assignments ra JOIN scope s ON s.user_id = ra.application_user_id
    GROUP BY 1),
  per_application AS (
    SELECT application_user_id AS user_id, sum(overall) AS app_sum, count(overall) AS app_n
    FROM reviews WHERE status = 'submitted' GROUP BY 1),
  submitted AS (
    SELECT r.reviewer_email AS reviewer, count(*)::int AS submitted,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.submitted_at - ra.assigned_at) / 86400)
        AS median_days,
      avg(r.overall)::float8 AS mean_score,
      stddev_pop(r.overall)::float8 AS score_spread,
      avg(r.overall - (p.app_sum - r.overall) / (p.app_n - 1)) FILTER (WHERE r.overall IS NOT NULL AND p.app_n > 1)::float8
        AS mean_difference
    FROM reviews r JOIN scope s ON s.user_id = r.application_user_id
    JOIN per_application p ON p.user_id = r.application_user_id
    LEFT JOIN review_assignments ra
      ON ra.application_user_id = r.application_user_id AND ra.reviewer_email = r.reviewer_email
    WHERE r.status = 'submitted'
    GROUP BY 1)
  SELECT coalesce(x.reviewer, y.reviewer) AS reviewer, ${memberNameSql('coalesce(x.reviewer, y.reviewer)')} AS reviewer_name,
    coalesce(x.assigned, 0) AS assigned,
    coalesce(y.submitted, 0) AS submitted, y.median_days::float8 AS median_days, y.mean_score, y.score_spread,
    y.mean_difference
  FROM assigned x FULL JOIN submitted y ON y.reviewer = x.reviewer
  ORDER BY coalesce(x.reviewer, y.reviewer) COLLATE "C"`;

/**
 * Reviewers (issue 47; administrators and deciders: the extra right `decide`): the calibration view, one row a
 * reviewer with an assignment or a submitted review on an application the report covers, by address, with the
 * reviewer's name (issue 49; the CSV gives it in a last column, so the columns a spreadsheet reads stay in place).
 */
export const reviewersReport: ReportDefinition<'reviewers'> = {
  kind: 'reviewers',
  right: 'decide',
  async draw({ deps, filters }) {
    const { rows } = await deps.db.query<ReviewerCounts>(REVIEWERS_SQL, scopeParams(filters));
    return {
      rows: rows.map((r): ReviewerRow => ({
        reviewer: r.reviewer,
        reviewer_name: r.reviewer_name,
        assigned: r.assigned,
        submitted: r.submitted,
        median_days_to_review: twoDecimals(r.median_days),
        mean_score: twoDecimals(r.mean_score),
        score_spread: twoDecimals(r.score_spread),
        mean_difference: twoDecimals(r.mean_difference),
      })),
    };
  },
  csv: (report) => ({
    header: [
      'Reviewer',
      'Assigned',
      'Submitted',
      'Median days to review',
      'Mean score',
      'Score spread (standard deviation)',
      'Mean difference from other reviewers',
      'Reviewer name',
    ],
    rows: report.rows.map((r) => [
      r.reviewer,
      r.assigned,
      r.submitted,
      r.median_days_to_review,
      r.mean_score,
      r.score_spread,
      r.mean_difference,
      r.reviewer_name ?? '',
    ]),
  }),
};
