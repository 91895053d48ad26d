import type { TenantConfig } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** The cycle of the account's live application, when it is not the open one (null: open, or no application). */
export async function closedCycleOf(db: Queryable, userId: string, openCycleId: string) {
  const { rows } = await db.query<{ cycle_id: string | null; submitted_at: Date | null }>(
    'SELECT cycle_id, submitted_at FROM applications WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  // A row without a cycle was started before any cycle was recorded: it counts as the open cycle's.
  if (!row || row.cycle_id === null || row.cycle_id === openCycleId) return null;
  return { cycleId: row.cycle_id, submittedAt: row.submitted_at && new Date(row.submitted_at) };
}

export interface PastApplicationRow {
  owner_id: string;
  email: string;
  cycle_id: string;
  submitted_at: Date | null;
}

/**
 * The account's applications of closed cycles that have owners of their own, newest first: those a new
 * cycle's application replaced, and the further ones an earlier cycle held (issue 42). The open cycle's
 * further applications are not past ones.
 */
export async function pastApplicationsOf(
  db: Queryable,
  accountId: string,
  openCycleId: string,
): Promise<PastApplicationRow[]> {
  const { rows } = await db.query<PastApplicationRow>(
    `SELECT u.id AS owner_id, u.email, a.cycle_id, a.submitted_at
     FROM users u JOIN applications a ON a.user_id = u.id
     WHERE u.application_of = $1 AND a.cycle_id IS NOT NULL AND a.cycle_id <> $2 ORDER BY u.created_at DESC`,
    [accountId, openCycleId],
  );
  return rows;
}

/** The tenant names only its open cycle; a past one is shown by its id. */
export function cycleRef(tenant: TenantConfig, cycleId: string) {
  return { id: cycleId, label: cycleId === tenant.cycle.id ? tenant.cycle.label : cycleId };
}
