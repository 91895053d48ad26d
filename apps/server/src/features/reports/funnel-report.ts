import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelRow, type FunnelStep } from '@admissions/domain';
import { funnelCounts, type FunnelCountsRow } from './funnel-counts';
import type { ReportDefinition } from './report-definition';

/** count / before, to 4 decimals; null when there is nothing before. */
export function shareOf(count: number, before: number | undefined): number | null {
  if (!before) return null;
  return Math.round((count / before) * 10_000) / 10_000;
}

/**
 * The funnel (issue 47): started, submitted, complete, in review, decided, released, accepted, declined,
 * withdrawn, each with its share of the step before, and "decided" by code. Counted in the database
 * (funnel-counts.ts), a group a decision code; here only those few groups are added up.
 */
export const funnelReport: ReportDefinition<'funnel'> = {
  kind: 'funnel',
  async draw(c) {
    const groups = await funnelCounts(c.deps.db, c.filters);
    const total = (key: Exclude<keyof FunnelCountsRow, 'code'>) => groups.reduce((sum, g) => sum + g[key], 0);
    const decided = groups.reduce((sum, g) => sum + (g.code === null ? 0 : g.started), 0);
    const counts: Record<FunnelStep, number> = {
      started: total('started'),
      submitted: total('submitted'),
      complete: total('complete'),
      in_review: total('in_review'),
      decided,
      released: total('released'),
      accepted: total('accepted'),
      declined: total('declined'),
      withdrawn: total('withdrawn'),
    };
    const rows: FunnelRow[] = FUNNEL_STEPS.map((step, i) => ({
      step,
      label: FUNNEL_STEP_LABELS[step],
      count: counts[step],
      share: i === 0 ? null : shareOf(counts[step], counts[FUNNEL_STEPS[i - 1]!]),
    }));
    const byCode = new Map(groups.filter((g) => g.code !== null).map((g) => [g.code!, g.started]));
    const codes = c.deps.config.tenant.decisions.codes;
    // Every code of the tenant in its order; a code it no longer names (an older file's) after them, by its code.
    const decided_by_code = [
      ...codes.map(({ code, label }) => ({ code, label, count: byCode.get(code) ?? 0 })),
      ...[...byCode]
        .filter(([code]) => !codes.some((known) => known.code === code))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, count]) => ({ code, label: code, count })),
    ];
    return { rows, decided_by_code };
  },
  csv(report) {
    const rows: (string | number | null)[][] = [];
    for (const row of report.rows) {
      rows.push([row.step, row.label, row.count, row.share]);
      // "Decided" by code, under it: decided:<code>, with no share.
      if (row.step === 'decided') {
        for (const d of report.decided_by_code) rows.push([`decided:${d.code}`, d.label, d.count, null]);
      }
    }
    return { header: ['step', 'label', 'count', 'share'], rows };
  },
};
