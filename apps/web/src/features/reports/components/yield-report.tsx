import type { YieldReport } from '@admissions/domain';
import { useMemo } from 'react';
import { barsOf } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, percent } from './report-format';
import { numberColumn, ReportSection, ReportTable, ShareBar, TableHead, type ReportViewProps } from './report-section';

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
  const chart = useMemo(
    () =>
      barsOf(report.rows, {
        category: (r) => `${r.program} ${r.term}`,
        xTitle: 'Program and term',
        yTitle: 'Offers',
        series: [
          { label: 'Offers', value: (r) => r.offers },
          { label: 'Accepted', value: (r) => r.accepted },
        ],
      }),
    [report],
  );
  return (
    <ReportSection {...section} chart={chart} summary={yieldSummary(report)}>
      <ReportTable caption="Offers and their answers, by program and term">
        <TableHead
          columns={[
            'Program',
            'Term',
            ...['Offers', 'Accepted', 'Declined', 'Withdrawn', 'No answer yet', 'Lapsed'].map(numberColumn),
            'Accepted of offers',
          ]}
        />
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
