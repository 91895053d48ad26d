import type { PaceReport } from '@admissions/domain';
import { useMemo } from 'react';
import type { ChartSpec } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count } from './report-format';
import { numberColumn, ReportSection, ReportTable, TableHead, type ReportViewProps } from './report-section';

/** "312 submitted by day 45 of 2026–27, 14% more than last year at this date (274 in 2025–26)." */
export function paceSummary(report: PaceReport): string {
  const previous = report.previous_cycle;
  const unrecorded = previous && !previous.opens_recorded;
  return (
    comparison(report) +
    ` Day 0 is the day the cycle opened (${report.cycle_opens.opens}${previous ? `; ${previous.label}: ${previous.opens}` : ''}).` +
    (unrecorded
      ? ` When ${previous.label} opened was not recorded: its day 0 is one year before the next cycle opened.`
      : '')
  );
}

function comparison(report: PaceReport): string {
  const { today, previous_cycle: previous } = report;
  const now = `${count(today.this_cycle)} submitted by day ${today.day} of ${report.filters.cycle.label}`;
  if (!previous || today.last_cycle === null) return `${now}; there is no earlier cycle to compare with.`;
  const difference = today.difference ?? today.this_cycle - today.last_cycle;
  const against = `last year at this date (${count(today.last_cycle)} in ${previous.label})`;
  if (difference === 0) return `${now}, the same as ${against}.`;
  const more = difference > 0 ? 'more' : 'fewer';
  const size =
    today.last_cycle > 0
      ? `${Math.round((Math.abs(difference) / today.last_cycle) * 100)}%`
      : count(Math.abs(difference));
  return `${now}, ${size} ${more} than ${against}.`;
}

export function PaceView({ report, ...section }: ReportViewProps<PaceReport>) {
  const thisLabel = `This cycle (${report.filters.cycle.label})`;
  const lastLabel = report.previous_cycle ? `Last cycle (${report.previous_cycle.label})` : 'Last cycle';
  const chart = useMemo<ChartSpec>(
    () => ({
      type: 'lines',
      x: report.rows.map((r) => r.day),
      xTitle: 'Day of the cycle',
      yTitle: 'Submitted (cumulative)',
      series: [
        { label: thisLabel, values: report.rows.map((r) => r.this_cycle), style: 'solid' },
        { label: lastLabel, values: report.rows.map((r) => r.last_cycle), style: 'dashed' },
      ],
    }),
    [report, thisLabel, lastLabel],
  );
  return (
    <ReportSection {...section} chart={chart} summary={paceSummary(report)}>
      <ReportTable caption="Submitted by day of the cycle, cumulative" tall>
        <TableHead columns={[numberColumn('Day'), 'Date', numberColumn(thisLabel), numberColumn(lastLabel)]} />
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.day}>
              <th scope="row" className={styles.number}>
                {r.day}
              </th>
              <td className={styles.nowrap}>{r.date}</td>
              <td className={styles.number}>{r.this_cycle === null ? '–' : count(r.this_cycle)}</td>
              <td className={styles.number}>{r.last_cycle === null ? '–' : count(r.last_cycle)}</td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </ReportSection>
  );
}
