import type { CycleConfig } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';

/**
 * Records the cycle the tenant file opens (decision 042). A new application
 * takes it as its cycle_id (the column's default, migrations/060-cycles.sql),
 * whichever statement starts it; applications from before cycles existed
 * join the first cycle recorded. A changed cycle takes effect at the next start.
 */
export async function recordOpenCycle(db: Queryable, cycle: Pick<CycleConfig, 'id'>, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO portal_cycle (only_row, cycle_id, recorded_at) VALUES (true, $1, $2)
     ON CONFLICT (only_row) DO UPDATE SET cycle_id = EXCLUDED.cycle_id, recorded_at = EXCLUDED.recorded_at
     WHERE portal_cycle.cycle_id <> EXCLUDED.cycle_id`,
    [cycle.id, now],
  );
  await db.query('UPDATE applications SET cycle_id = $1 WHERE cycle_id IS NULL', [cycle.id]);
}
