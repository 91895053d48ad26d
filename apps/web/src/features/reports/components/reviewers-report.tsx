import type { ReviewersReport } from '@admissions/domain';
import { useMemo } from 'react';
import { barsOf } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, decimal, percent, signed } from './report-format';
import { numberColumn, ReportSection, ReportTable, ShareBar, TableHead, type ReportViewProps } from './report-section';

/** "4 reviewers submitted 230 of 260 assigned reviews (88%); their mean differences from the others run from −0.6 to +0.9." */
export function reviewersSummary(report: ReviewersReport): string {
  const assigned = report.rows.reduce((n, r) => n + r.assigned, 0);
  const submitted = report.rows.reduce((n, r) => n + r.submitted, 0);
  if (report.rows.length === 0) return 'No review has been assigned yet.';
  const who = report.rows.length === 1 ? '1 reviewer' : `${count(report.rows.length)} reviewers`;
  const done = `${who} submitted ${count(submitted)} of ${count(assigned)} assigned reviews (${percent(assigned > 0 ? submitted / assigned : null)})`;
  const differences = report.rows.map((r) => r.mean_difference).filter((d): d is number => d !== null);
  if (differences.length === 0) return `${done}.`;
  return `${done}; their mean differences from the other reviewers on the same applications run from ${signed(Math.min(...differences))} to ${signed(Math.max(...differences))} points.`;
}

/**
 * The calibration view (administrators and deciders): each reviewer's assigned and submitted reviews drawn side by
 * side, and the table with the scores, each reviewer's share of reviews done as a bar. Reviewers by name.
 */
export function ReviewersView({ report, ...section }: ReportViewProps<ReviewersReport>) {
  const chart = useMemo(
    () =>
      barsOf(report.rows, {
        category: (r) => r.reviewer_name ?? r.reviewer.split('@')[0]!,
        xTitle: 'Reviewer',
        yTitle: 'Reviews',
        series: [
          { label: 'Assigned', value: (r) => r.assigned },
          { label: 'Submitted', value: (r) => r.submitted },
        ],
      }),
    [report],
  );
  return (
    <ReportSection {...section} chart={chart} summary={reviewersSummary(report)}>
      <ReportTable caption="Reviews by reviewer">
        <TableHead
          columns={[
            'Reviewer',
            numberColumn('Assigned'),
            numberColumn('Submitted'),
            'Submitted of assigned',
            ...['Median days to review', 'Mean score', 'Spread of scores', 'Mean difference from the others'].map(
              numberColumn,
            ),
          ]}
        />
        <tbody>
          {report.rows.map((r) => {
            const done = r.assigned > 0 ? r.submitted / r.assigned : null;
            return (
              <tr key={r.reviewer}>
                {/* The reviewer's name (issue 49); the address only for a reviewer without one. */}
                <th scope="row">{r.reviewer_name ?? r.reviewer}</th>
                <td className={styles.number}>{count(r.assigned)}</td>
                <td className={styles.number}>{count(r.submitted)}</td>
                <td>
                  <ShareBar share={done}>{percent(done)}</ShareBar>
                </td>
                <td className={styles.number}>{decimal(r.median_days_to_review)}</td>
                <td className={styles.number}>{decimal(r.mean_score)}</td>
                <td className={styles.number}>{decimal(r.score_spread)}</td>
                <td className={styles.number}>{signed(r.mean_difference)}</td>
              </tr>
            );
          })}
        </tbody>
      </ReportTable>
    </ReportSection>
  );
}
