import type { PaceCycleRef, PaceRow } from '@admissions/domain';
import { paceCycles, type PaceCycle } from './pace-cycles';
import { paceSeries } from './pace-series';
import type { ReportDefinition } from './report-definition';

/** A cycle's reference with its opening as a local date. */
function refOf(cycle: PaceCycle, timeZone: string): PaceCycleRef {
  return {
    id: cycle.id,
    label: cycle.label,
    opens: cycle.opensAt.toLocaleDateString('en-CA', { timeZone }),
    opens_recorded: cycle.opensRecorded,
  };
}

/**
 * This cycle against the last (issue 47): cumulative submissions by day of the cycle, this cycle's from its
 * opening to today (a closed cycle's to its close), against the cycle before it at the same number of days from
 * its own opening (pace-cycles.ts says where openings come from), and the difference on the last day.
 */
export const paceReport: ReportDefinition<'pace'> = {
  kind: 'pace',
  async draw(c) {
    const { tenant } = c.deps.config;
    const zone = tenant.time_zone;
    const cycles = await paceCycles(c.deps.db, tenant, c.now);
    const at = cycles.findIndex((cycle) => cycle.id === c.filters.cycleId);
    // The filters only name a known cycle; a history row written since they were read is the only other case.
    const cycle = cycles[at] ?? cycles[0]!;
    const previous = at >= 0 ? (cycles[at + 1] ?? null) : null;
    const endsAt = cycle.id === tenant.cycle.id ? c.now : cycle.closesAt;
    const series = await paceSeries(c.deps.db, {
      cycleId: cycle.id,
      opensAt: cycle.opensAt,
      previous,
      programs: c.filters.programs,
      endsAt,
      timeZone: zone,
    });
    const rows: PaceRow[] = series.map((r) => ({
      day: r.day,
      date: r.date,
      this_cycle: r.this_cycle,
      last_cycle: previous ? r.last_cycle : null,
    }));
    const last = rows.at(-1)!;
    const thisCycle = last.this_cycle ?? 0;
    return {
      rows,
      cycle_opens: refOf(cycle, zone),
      previous_cycle: previous ? refOf(previous, zone) : null,
      today: {
        day: last.day,
        this_cycle: thisCycle,
        last_cycle: last.last_cycle,
        difference: last.last_cycle === null ? null : thisCycle - last.last_cycle,
      },
    };
  },
  csv(report) {
    return {
      header: ['day', 'date', 'this_cycle', 'last_cycle'],
      rows: report.rows.map((r) => [r.day, r.date, r.this_cycle, r.last_cycle]),
    };
  },
};
