import type { Queryable } from '../../infra/db/db';

/**
 * Whether the office holds the application in `app` (an `applications` row): submitted, or decided on. An
 * accepted offer is a released decision, so it is held too. Submission is never undone and nothing is decided
 * on an unsubmitted application, so the second test only guards against a future path that would.
 */
const HELD = (app: string) =>
  `(${app}.submitted_at IS NOT NULL OR EXISTS (SELECT 1 FROM decisions held_d WHERE held_d.user_id = ${app}.user_id))`;

/**
 * SQL condition: the account whose id is `accountId` (a column) has a past-cycle application the office holds.
 * Such an application's owner goes with the account (users.application_of … ON DELETE CASCADE, decision 052),
 * so whatever deletes accounts in bulk (retention) must leave this account alone until that application goes
 * under its own rule.
 */
export const holdsPastApplication = (accountId: string) =>
  `EXISTS (SELECT 1 FROM users held_u JOIN applications held_a ON held_a.user_id = held_u.id
           WHERE held_u.application_of = ${accountId} AND ${HELD('held_a')})`;

export interface PastOwner {
  owner_id: string;
  /** Null only for an application older than cycles (migration 105 gave every such row one). */
  cycle_id: string | null;
  /** The office holds it: deleting the account would delete it. */
  held: boolean;
  /** One of the account's further applications in the open cycle (issue 42), not a past cycle's. */
  in_open_cycle: boolean;
}

/**
 * Every application of an account that has an owner of its own, oldest first, whether the office holds it or
 * not: past cycles' and the open cycle's further ones (issue 42), what deleting the account would delete with
 * it. Read under the account's row lock, so no new one appears (starting one takes the same lock); a past
 * application is read-only, and an open cycle's is locked here as submitting locks it, so none becomes held
 * meanwhile.
 */
export async function pastOwnersOf(tx: Queryable, accountId: string): Promise<PastOwner[]> {
  const { rows } = await tx.query<PastOwner>(
    `SELECT u.id AS owner_id, a.cycle_id, ${HELD('a')} AS held,
       coalesce(a.cycle_id = current_cycle_id(), false) AS in_open_cycle
     FROM users u LEFT JOIN applications a ON a.user_id = u.id
     WHERE u.application_of = $1 ORDER BY u.created_at, u.id`,
    [accountId],
  );
  const open = rows.filter((r) => r.in_open_cycle).map((r) => r.owner_id);
  if (open.length === 0) return rows;
  // Locked as a submission locks its row, then read again: a submission that was under way has been recorded.
  const { rows: locked } = await tx.query<{ user_id: string; held: boolean }>(
    `SELECT a.user_id, ${HELD('a')} AS held FROM applications a WHERE a.user_id = ANY($1::uuid[]) FOR UPDATE`,
    [open],
  );
  const heldNow = new Map(locked.map((r) => [r.user_id, r.held]));
  return rows.map((r) => (r.in_open_cycle ? { ...r, held: heldNow.get(r.owner_id) ?? r.held } : r));
}
