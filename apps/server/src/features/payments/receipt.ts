import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { enqueueMailsIn, paymentReceiptMail } from '../mail';
import type { PaymentRow } from './payment-rows';

/** The address of the account an application belongs to. */
export async function applicantAddress(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT a.email FROM users u JOIN users a ON a.id = COALESCE(u.application_of, u.id) WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.email;
}

/**
 * The receipt, queued in the transaction that counted the payment; its once-key keeps it one. `address`: the
 * applicant's, when the caller read it already (null: no such account); looked up otherwise.
 */
export async function queueReceipt(
  deps: AppDeps,
  tx: Queryable,
  payment: PaymentRow,
  address?: string | null,
): Promise<void> {
  const to = address === undefined ? await applicantAddress(tx, payment.user_id) : address;
  if (!to) return;
  const message = paymentReceiptMail(deps.config.tenant, to, {
    purpose: payment.purpose,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.reference,
    paidAt: payment.paid_at ?? deps.clock.now(),
  });
  await enqueueMailsIn(deps, tx, [{ message, onceKey: `payment-receipt:${payment.id}` }]);
}
