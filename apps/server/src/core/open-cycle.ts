import { keptBasisOf, localTimeToInstant, type CycleConfig, type ProgramsTenant } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';

/**
 * Records the cycle the tenant file opens (decision 042). A new application
 * takes it as its cycle_id (the column's default, migrations/060-cycles.sql),
 * whichever statement starts it (migration 105 put the applications from
 * before cycles existed in the cycle recorded then). A changed cycle takes
 * effect at the next start.
 * The cycle's close is kept in cycle_history, where retention finds it after
 * the tenant file has moved on to the next cycle, with its programs and terms
 * (issue 41), which its unsubmitted applications are read with once it closed,
 * and its opening, from which the pace report counts its days (issue 47).
 */
export async function recordOpenCycle(
  db: Queryable,
  tenant: { cycle: Pick<CycleConfig, 'id' | 'opens' | 'closes'>; time_zone: string } & Pick<
    ProgramsTenant,
    'programs' | 'terms'
  >,
  now: Date,
): Promise<void> {
  const { cycle } = tenant;
  // The boot check refuses a close that is not a local time in the zone; the fallback never runs in practice.
  const closesAt = localTimeToInstant(cycle.closes, tenant.time_zone) ?? now;
  const opensAt = localTimeToInstant(cycle.opens, tenant.time_zone);
  await db.query(
    `INSERT INTO cycle_history (cycle_id, closes_at, opens_at, recorded_at, basis) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (cycle_id) DO UPDATE SET closes_at = EXCLUDED.closes_at, opens_at = EXCLUDED.opens_at, basis = EXCLUDED.basis
     WHERE cycle_history.closes_at <> EXCLUDED.closes_at OR cycle_history.opens_at IS DISTINCT FROM EXCLUDED.opens_at
       OR cycle_history.basis IS DISTINCT FROM EXCLUDED.basis`,
    [cycle.id, closesAt, opensAt, now, JSON.stringify(keptBasisOf(tenant))],
  );
  await db.query(
    `INSERT INTO portal_cycle (only_row, cycle_id, recorded_at) VALUES (true, $1, $2)
     ON CONFLICT (only_row) DO UPDATE SET cycle_id = EXCLUDED.cycle_id, recorded_at = EXCLUDED.recorded_at
     WHERE portal_cycle.cycle_id <> EXCLUDED.cycle_id`,
    [cycle.id, now],
  );
}
