import type { FeeView } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { recordChecklistChange } from '../../core/checklist-history';
import { feesOf } from '../../core/fee-sources';
import type { Queryable } from '../../infra/db/db';

/** A fee's state as the index keeps it: what does not change with time ('overdue' is judged when the list reads). */
export type IndexedFeeState = 'due' | 'paid' | 'waived' | 'waiver_pending';

/** The index's fee columns (migrations/137-fees-in-the-index.sql); null: the application has no such fee. */
export interface IndexedFees {
  fee_state: IndexedFeeState | null;
  fee_due_at: string | null;
  deposit_state: IndexedFeeState | null;
  deposit_due_at: string | null;
}

const stored = (fee: FeeView | undefined): IndexedFeeState | null =>
  !fee ? null : fee.state === 'overdue' ? 'due' : fee.state;

/**
 * The index's columns of an application's fees (deriveFees, through feesOf or the checklist). The application fee
 * is the office's from submission on (deriveFees gives it a due date then), the deposit once an offer is accepted.
 */
export function indexedFees(fees: readonly FeeView[]): IndexedFees {
  const application = fees.find((f) => f.purpose === 'application_fee' && f.due_at !== undefined);
  const deposit = fees.find((f) => f.purpose === 'deposit');
  return {
    fee_state: stored(application),
    fee_due_at: application?.due_at ?? null,
    deposit_state: stored(deposit),
    deposit_due_at: deposit?.due_at ?? null,
  };
}

const COPY_SQL = `
  UPDATE staff_application_index i SET fee_state = x.fee_state, fee_due_at = x.fee_due_at,
    deposit_state = x.deposit_state, deposit_due_at = x.deposit_due_at
  FROM jsonb_to_recordset($1::jsonb) AS x (
    user_id uuid, fee_state text, fee_due_at timestamptz, deposit_state text, deposit_due_at timestamptz)
  WHERE i.user_id = x.user_id
    AND (i.fee_state, i.fee_due_at, i.deposit_state, i.deposit_due_at)
      IS DISTINCT FROM (x.fee_state, x.fee_due_at, x.deposit_state, x.deposit_due_at)`;

/**
 * Writes the fee columns of these applications' index rows from the payments, waiver requests, office waivers and
 * accepted offers as this transaction sees them (feesOf). The rows are locked first, in one order, and the fees
 * read by a later statement, so the last writer to commit writes the fees as they then stand (as
 * copyDecisionStates does). An application the index does not hold yet is left to the refresher.
 */
export async function copyFeeStates(
  db: Queryable,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  userIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await db.query('SELECT 1 FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) ORDER BY user_id FOR UPDATE', [
    ids,
  ]);
  const fees = await feesOf(db, deps.config.tenant.fees, ids, deps.clock.now());
  const rows = ids.map((id) => ({ user_id: id, ...indexedFees(fees.get(id) ?? []) }));
  await db.query(COPY_SQL, [JSON.stringify(rows)]);
}

/**
 * What every change of an application's fees calls inside its own transaction (a payment recorded, confirmed,
 * refunded or flagged; a waiver asked for or decided; an offer accepted): the change goes into the application's
 * history (core/checklist-history.ts), so the console's index recomputes the row (its `complete` and missing
 * items), and the row's fee columns are written at once, so the list's fee column and filter never disagree with
 * the payments (issue 43). `changes` is what the history row records, e.g. `{ payment: id, state: 'paid' }`.
 */
export async function recordFeeChange(
  tx: Queryable,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  userId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await recordChecklistChange(tx, userId, changes, deps.clock.now());
  await copyFeeStates(tx, deps, [userId]);
}
