import type { FunnelReport } from '@admissions/domain';
import { useMemo } from 'react';
import type { ChartSpec } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, percent } from './report-format';
import { ReportSection, ReportTable, type ReportViewProps } from './report-section';

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
  const chart = useMemo<ChartSpec>(
    () => ({
      type: 'bars',
      x: report.rows.map((_, i) => i),
      categories: report.rows.map((r) => r.label),
      xTitle: 'Step',
      yTitle: 'Applications',
      series: [{ label: 'Applications', values: report.rows.map((r) => r.count), style: 'solid' }],
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
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className={styles.number}>
                Applications
              </th>
              <th scope="col" className={styles.number}>
                Share of the step before
              </th>
            </tr>
          </thead>
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
            <thead>
              <tr>
                <th scope="col">Decision</th>
                <th scope="col" className={styles.number}>
                  Applications
                </th>
              </tr>
            </thead>
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
