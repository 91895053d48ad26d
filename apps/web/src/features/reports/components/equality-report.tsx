import type { EqualityCell, EqualityReport, EqualityRow } from '@admissions/domain';
import { useMemo } from 'react';
import { barsOf } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, percent } from './report-format';
import { numberColumn, ReportSection, ReportTable, ShareBar, TableHead, type ReportViewProps } from './report-section';

const COLUMNS = [
  ['applied', 'Applied'],
  ['offered', 'Offered'],
  ['accepted', 'Accepted'],
] as const;

/** The answers by question, in the server's order. */
function byQuestion(rows: EqualityRow[]): { question: string; label: string; rows: EqualityRow[] }[] {
  const groups = new Map<string, { question: string; label: string; rows: EqualityRow[] }>();
  for (const r of rows) {
    const group = groups.get(r.question) ?? { question: r.question, label: r.question_label, rows: [] };
    group.rows.push(r);
    groups.set(r.question, group);
  }
  return [...groups.values()];
}

/**
 * In place of the program filter: the server never draws this report for one program (a small count could be
 * worked out by subtracting one program's report from the whole's), only for every program the member may see.
 */
export const EQUALITY_PROGRAM_NOTE = 'The equality report covers every program you may see.';

export function equalitySummary(report: EqualityReport): string {
  const { applied, offered, accepted } = report.totals;
  return (
    `${count(applied)} applied, ${count(offered)} offered a place, ${count(accepted)} accepted. ` +
    `Counts of fewer than ${report.min_cell} are not shown, nor any count from which one could be worked out: ` +
    `each reads "fewer than ${report.min_cell}, or withheld". The totals are exact.`
  );
}

/**
 * A count as the server gave it: a hidden cell reads "fewer than N, or withheld", never a number. Small cells
 * and cells withheld to protect them read alike, so the label itself tells nothing.
 */
function CountCell({ cell, minCell }: { cell: EqualityCell; minCell: number }) {
  if (cell.suppressed || cell.count === null)
    return <td className={`${styles.number} ${styles.suppressed}`}>fewer than {minCell}, or withheld</td>;
  return <td className={styles.number}>{count(cell.count)}</td>;
}

/**
 * Applied, offered and accepted by each demographic answer; the applied share drawn as a bar. The chart draws the
 * first question's answers (applied and offered side by side); a hidden cell draws no bar, as the table says.
 */
export function EqualityView({ report, ...section }: ReportViewProps<EqualityReport>) {
  const groups = byQuestion(report.rows);
  const first = groups[0];
  const chart = useMemo(
    () =>
      first &&
      barsOf(first.rows, {
        category: (r) => r.answer_label,
        xTitle: first.label,
        yTitle: 'Applications',
        series: [
          { label: 'Applied', value: (r) => r.applied.count },
          { label: 'Offered', value: (r) => r.offered.count },
        ],
      }),
    [first],
  );
  return (
    <ReportSection {...section} chart={chart} summary={equalitySummary(report)}>
      <ReportTable caption="Applied, offered and accepted, by answer">
        <TableHead columns={['Answer', ...COLUMNS.flatMap(([, label]) => [numberColumn(label), `${label}, share`])]} />
        {groups.map((g) => (
          <tbody key={g.question}>
            <tr className={styles.group}>
              <th scope="rowgroup" colSpan={1 + COLUMNS.length * 2}>
                {g.label}
              </th>
            </tr>
            {g.rows.map((r) => (
              <tr key={r.answer}>
                <th scope="row">{r.answer_label}</th>
                {COLUMNS.map(([key]) => [
                  <CountCell key={key} cell={r[key]} minCell={report.min_cell} />,
                  <td key={`${key}-share`}>
                    {r[key].suppressed || r[key].share === null ? (
                      'not shown'
                    ) : key === 'applied' ? (
                      <ShareBar share={r[key].share}>{percent(r[key].share)}</ShareBar>
                    ) : (
                      percent(r[key].share)
                    )}
                  </td>,
                ])}
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {COLUMNS.map(([key]) => [
              <td key={key} className={styles.number}>
                {count(report.totals[key])}
              </td>,
              <td key={`${key}-share`}>100%</td>,
            ])}
          </tr>
        </tfoot>
      </ReportTable>
    </ReportSection>
  );
}
