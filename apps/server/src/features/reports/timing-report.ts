import { programLabelOf, TIMING_STEPS, type TimingRow } from '@admissions/domain';
import type { ReportDefinition } from './report-definition';
import { timingSpans } from './timing-spans';

/**
 * Timing (issue 47): median and 90th percentile days from submission to complete, from complete to the first
 * review and from complete to the released decision, by program (timing-spans.ts says how each is measured).
 * Every program covered has its three rows, in the filters' order; one without a complete application has
 * counts of 0 and no days.
 */
export const timingReport: ReportDefinition<'timing'> = {
  kind: 'timing',
  async draw(c) {
    const spans = await timingSpans(c.deps.db, c.filters.cycleId, c.filters.programs);
    const { tenant } = c.deps.config;
    const rows: TimingRow[] = c.filters.programs.flatMap((program) =>
      TIMING_STEPS.map((step) => {
        const found = spans.find((s) => s.program === program && s.step === step);
        return {
          program,
          program_label: programLabelOf(tenant, program) || program,
          step,
          count: found?.count ?? 0,
          median_days: found?.median_days ?? null,
          p90_days: found?.p90_days ?? null,
        };
      }),
    );
    return { rows };
  },
  csv(report) {
    return {
      header: ['program', 'program_label', 'step', 'count', 'median_days', 'p90_days'],
      rows: report.rows.map((r) => [r.program, r.program_label, r.step, r.count, r.median_days, r.p90_days]),
    };
  },
};
