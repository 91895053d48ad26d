import type { YieldReport } from '@admissions/domain';
import { useMemo } from 'react';
import type { ChartSpec } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, percent } from './report-format';
import { ReportSection, ReportTable, ShareBar, type ReportViewProps } from './report-section';

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** "Of 120 offers, 54 accepted (45%), 28 declined, 2 withdrawn, 30 without an answer yet, 6 lapsed." */
export function yieldSummary(report: YieldReport): string {
  const t = report.rows.reduce(
    (sum, r) => ({
      offers: sum.offers + r.offers,
      accepted: sum.accepted + r.accepted,
      declined: sum.declined + r.declined,
      withdrawn: sum.withdrawn + r.withdrawn,
      no_answer: sum.no_answer + r.no_answer,
      lapsed: sum.lapsed + r.lapsed,
    }),
    { offers: 0, accepted: 0, declined: 0, withdrawn: 0, no_answer: 0, lapsed: 0 },
  );
  if (t.offers === 0) return 'No offer has been released yet.';
  return (
    `Of ${count(t.offers)} offers, ${count(t.accepted)} accepted (${percent(share(t.accepted, t.offers))}), ` +
    `${count(t.declined)} declined, ${count(t.withdrawn)} withdrawn, ${count(t.no_answer)} without an answer yet, ` +
    `${count(t.lapsed)} lapsed.`
  );
}

export function YieldView({ report, ...section }: ReportViewProps<YieldReport>) {
  const chart = useMemo<ChartSpec>(
    () => ({
      type: 'bars',
      x: report.rows.map((_, i) => i),
      categories: report.rows.map((r) => `${r.program} ${r.term}`),
      xTitle: 'Program and term',
      yTitle: 'Offers',
      series: [
        { label: 'Offers', values: report.rows.map((r) => r.offers), style: 'solid' },
        { label: 'Accepted', values: report.rows.map((r) => r.accepted), style: 'hatched' },
      ],
    }),
    [report],
  );
  return (
    <ReportSection {...section} chart={chart} summary={yieldSummary(report)}>
      <ReportTable caption="Offers and their answers, by program and term">
        <thead>
          <tr>
            <th scope="col">Program</th>
            <th scope="col">Term</th>
            <th scope="col" className={styles.number}>
              Offers
            </th>
            <th scope="col" className={styles.number}>
              Accepted
            </th>
            <th scope="col" className={styles.number}>
              Declined
            </th>
            <th scope="col" className={styles.number}>
              Withdrawn
            </th>
            <th scope="col" className={styles.number}>
              No answer yet
            </th>
            <th scope="col" className={styles.number}>
              Lapsed
            </th>
            <th scope="col">Accepted of offers</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={`${r.program} ${r.term}`}>
              <th scope="row">{r.program_label}</th>
              <td>{r.term_label}</td>
              <td className={styles.number}>{count(r.offers)}</td>
              <td className={styles.number}>{count(r.accepted)}</td>
              <td className={styles.number}>{count(r.declined)}</td>
              <td className={styles.number}>{count(r.withdrawn)}</td>
              <td className={styles.number}>{count(r.no_answer)}</td>
              <td className={styles.number}>{count(r.lapsed)}</td>
              <td>
                <ShareBar share={share(r.accepted, r.offers)}>{percent(share(r.accepted, r.offers))}</ShareBar>
              </td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </ReportSection>
  );
}
