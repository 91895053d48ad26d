import type { FunnelReport } from '@admissions/domain';
import { useMemo } from 'react';
import { barsOf } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, percent } from './report-format';
import { numberColumn, ReportSection, ReportTable, TableHead, type ReportViewProps } from './report-section';

/** "Started 400; submitted 312, 78% of started; …": each step's count and its share of the step before. */
export function funnelSummary(report: FunnelReport): string {
  const steps = report.rows.map((row, i) => {
    const before = report.rows[i - 1];
    const share = row.share !== null && before ? `, ${percent(row.share)} of ${before.label.toLowerCase()}` : '';
    return `${row.label} ${count(row.count)}${share}`;
  });
  return `${steps.join('; ')}.`;
}

export function FunnelView({ report, ...section }: ReportViewProps<FunnelReport>) {
  const chart = useMemo(
    () =>
      barsOf(report.rows, {
        category: (r) => r.label,
        xTitle: 'Step',
        yTitle: 'Applications',
        series: [{ label: 'Applications', value: (r) => r.count }],
      }),
    [report],
  );
  return (
    <ReportSection
      {...section}
      chart={chart}
      summary={
        <>
          {funnelSummary(report)}
          {!report.filters.includes_unreleased && ' Decisions not yet released are not counted.'}
        </>
      }
    >
      <div className={styles.tables}>
        <ReportTable caption="Applications at each step">
          <TableHead columns={['Step', numberColumn('Applications'), numberColumn('Share of the step before')]} />
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.step}>
                <th scope="row">{r.label}</th>
                <td className={styles.number}>{count(r.count)}</td>
                <td className={styles.number}>{percent(r.share)}</td>
              </tr>
            ))}
          </tbody>
        </ReportTable>
        {report.decided_by_code.length > 0 && (
          <ReportTable caption="Decided, by decision">
            <TableHead columns={['Decision', numberColumn('Applications')]} />
            <tbody>
              {report.decided_by_code.map((d) => (
                <tr key={d.code}>
                  <th scope="row">{d.label}</th>
                  <td className={styles.number}>{count(d.count)}</td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
        )}
      </div>
    </ReportSection>
  );
}
