import type { TimingReport, TimingRow, TimingStep } from '@admissions/domain';
import { useMemo } from 'react';
import { barsOf } from '../charts/chart-spec';
import styles from '../reports.module.css';
import { count, decimal } from './report-format';
import { numberColumn, ReportSection, ReportTable, TableHead, type ReportViewProps } from './report-section';

/** The steps in the domain's order (TIMING_STEPS; written out, as report-kinds.ts says why), with their names. */
export const TIMING_STEP_LABELS: Record<TimingStep, string> = {
  submitted_to_complete: 'Submission to complete',
  complete_to_first_review: 'Complete to first review',
  complete_to_release: 'Complete to released decision',
};
const STEPS = Object.keys(TIMING_STEP_LABELS) as TimingStep[];

function programsOf(report: TimingReport): { code: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of report.rows) if (!seen.has(r.program)) seen.set(r.program, r.program_label);
  return [...seen].map(([code, label]) => ({ code, label }));
}

const rowOf = (report: TimingReport, program: string, step: TimingStep): TimingRow | undefined =>
  report.rows.find((r) => r.program === program && r.step === step);

/** "Complete to released decision: MA in Education, median 21 days, 90th percentile 40 (12 applications); …" */
export function timingSummary(report: TimingReport): string {
  const parts = programsOf(report).map(({ code, label }) => {
    const r = rowOf(report, code, 'complete_to_release');
    if (!r || r.count === 0 || r.median_days === null) return `${label}, no decision released yet`;
    return `${label}, median ${decimal(r.median_days)} days, 90th percentile ${decimal(r.p90_days)} (${count(r.count)} applications)`;
  });
  if (parts.length === 0) return 'No application has made these steps yet.';
  return `From complete to a released decision: ${parts.join('; ')}.`;
}

export function TimingView({ report, ...section }: ReportViewProps<TimingReport>) {
  const programs = useMemo(() => programsOf(report), [report]);
  const chart = useMemo(() => {
    const release = programs.map((p) => ({ code: p.code, row: rowOf(report, p.code, 'complete_to_release') }));
    return barsOf(release, {
      category: (p) => p.code,
      xTitle: 'Program: days from complete to released decision',
      yTitle: 'Days',
      series: [
        { label: 'Median', value: (p) => p.row?.median_days ?? null },
        { label: '90th percentile', value: (p) => p.row?.p90_days ?? null },
      ],
    });
  }, [report, programs]);
  return (
    <ReportSection {...section} chart={chart} summary={timingSummary(report)}>
      <ReportTable caption="Days between steps, by program">
        <TableHead
          columns={['Program', 'Step', ...['Applications', 'Median days', '90th percentile, days'].map(numberColumn)]}
        />
        <tbody>
          {programs.flatMap((p) =>
            STEPS.map((step) => {
              const r = rowOf(report, p.code, step);
              return (
                <tr key={`${p.code} ${step}`}>
                  <th scope="row">{p.label}</th>
                  <td>{TIMING_STEP_LABELS[step]}</td>
                  <td className={styles.number}>{count(r?.count ?? 0)}</td>
                  <td className={styles.number}>{decimal(r?.median_days ?? null)}</td>
                  <td className={styles.number}>{decimal(r?.p90_days ?? null)}</td>
                </tr>
              );
            }),
          )}
        </tbody>
      </ReportTable>
    </ReportSection>
  );
}
