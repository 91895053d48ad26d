import type { Queryable } from '../../infra/db/db';

/**
 * A payment's refunded amount and state after a refund settles, by the office's call or by the provider's
 * `charge.refunded` event, whichever comes first (decision 065). The provider's figure is the charge's whole
 * refunded amount, so the same event twice, or the call's answer and the event, change nothing the second
 * time. Answers the payment's application, or undefined when there is no such payment.
 */
export async function settleRefunded(
  tx: Queryable,
  paymentId: string,
  providerRefunded: number | null,
  now: Date,
): Promise<{ user_id: string; refunded_amount: number; state: string } | undefined> {
  const { rows } = await tx.query<{ user_id: string; refunded_amount: number; state: string }>(
    `WITH settled AS (
       SELECT COALESCE(SUM(amount), 0)::int AS total FROM payment_refunds WHERE payment_id = $1 AND state = 'succeeded'
     )
     UPDATE payments p SET
       refunded_amount = LEAST(p.amount, GREATEST(p.refunded_amount, settled.total, COALESCE($2::int, 0))),
       state = CASE
         WHEN p.state NOT IN ('paid', 'partially_refunded', 'refunded', 'amount_mismatch') THEN p.state
         WHEN LEAST(p.amount, GREATEST(p.refunded_amount, settled.total, COALESCE($2::int, 0))) >= p.amount THEN 'refunded'
         WHEN GREATEST(p.refunded_amount, settled.total, COALESCE($2::int, 0)) > 0 AND p.state <> 'amount_mismatch'
           THEN 'partially_refunded'
         ELSE p.state END,
       updated_at = $3
     FROM settled WHERE p.id = $1
     RETURNING p.user_id, p.refunded_amount, p.state`,
    [paymentId, providerRefunded, now],
  );
  return rows[0];
}

/**
 * The provider's `charge.refunded`: every refund of the charge now settled. Refunds the office asked for and
 * that were still pending are marked succeeded as far as the charge's refunded amount covers them, oldest first.
 */
export async function applyChargeRefunded(
  tx: Queryable,
  charge: { payment_intent: string | { id: string } | null; amount_refunded: number },
  now: Date,
): Promise<string | undefined> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return undefined;
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM payments WHERE method = 'stripe' AND reference = $1 FOR UPDATE`,
    [intent],
  );
  const payment = rows[0];
  if (!payment) return undefined;
  await tx.query(
    `WITH ordered AS (
       SELECT id, SUM(amount) OVER (ORDER BY state <> 'succeeded', created_at, id) AS running
       FROM payment_refunds WHERE payment_id = $1 AND state IN ('pending', 'succeeded')
     )
     UPDATE payment_refunds r SET state = 'succeeded', settled_at = $3
     FROM ordered WHERE r.id = ordered.id AND r.state = 'pending' AND ordered.running <= $2`,
    [payment.id, charge.amount_refunded, now],
  );
  return (await settleRefunded(tx, payment.id, charge.amount_refunded, now))?.user_id;
}
