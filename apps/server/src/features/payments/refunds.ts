import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { recordStaffRead, type StaffMember } from '../../session/audit-log';
import { enqueueMailsIn, refundMail } from '../mail';
import { recordFeeChange } from '../staff';
import { providerCall } from './provider-call';
import { applicantAddress } from './receipt';
import { settleRefunded } from './refund-ledger';
import { lockedPayment, type LockedPayment } from './staff-payments-repository';

/** The states a payment can be refunded from: money was received (of a refunded one, nothing is left). */
const REFUNDABLE = ['paid', 'partially_refunded', 'amount_mismatch', 'refunded'];

/**
 * A refund sent to the provider that never answered (not even after the SDK's own retries, each with the same
 * idempotency key) is sent again, with that key, by the office's next refund of the payment once this long has
 * passed: the provider then answers the refund it made, or makes it now, never a second one.
 */
export const RESEND_UNANSWERED_AFTER_MS = 2 * 60_000;

/** A refund row with what the provider call and the applicant's e-mail need. */
interface SentRefund {
  id: string;
  amount: number;
  reason: string;
  payment: Pick<LockedPayment, 'id' | 'user_id' | 'purpose' | 'currency' | 'reference'>;
}

type Begun = { kind: 'done' } | { kind: 'send'; refund: SentRefund } | { kind: 'resend'; refund: SentRefund };

/**
 * POST /api/staff/payments/{payment_id}/refunds (issue 43, decision 065). Under the payment's row lock: only a
 * payment that received money, never more than is left of it, and not while another refund of it is on its way
 * to the provider (409 REFUND_IN_PROGRESS), so two refunds sent at once cannot both pass.
 *
 * - A payment the office received itself (check, cash, other) is refunded by hand: the refund is recorded as
 *   succeeded at once, with the payment's new refunded amount, the applicant's e-mail and the audit row.
 * - A card payment's refund is written `pending` (with its audit row) and committed before the provider is
 *   called, with the refund's id as the idempotency key; the provider's answer is then written in a second
 *   transaction: `succeeded` settles it, `pending` leaves it to the webhook's `charge.refunded`, `failed` or
 *   `canceled` (or the provider refusing the call) fail it. A refund that got no answer at all stays pending
 *   (the provider may have made it; its webhook settles it) and the office gets 503; see RESEND_UNANSWERED_AFTER_MS.
 *
 * The applicant is e-mailed once a refund (its id is the once-key) when it is made or accepted by the provider.
 * Answers the payment's application.
 */
export async function refundPayment(
  deps: AppDeps,
  gateway: PaymentGateway | null,
  staff: StaffMember,
  paymentId: string,
  body: { amount: number; reason: string },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  // At most one unanswered refund is sent again before this one: the loop's second turn finds none pending.
  for (let turn = 0; turn < 2; turn++) {
    const begun = await beginRefund(deps, gateway, staff, paymentId, body, turn === 0);
    if (begun.kind === 'done') return;
    await sendToProvider(deps, gateway!, begun.refund, log);
    if (begun.kind === 'send') return;
  }
  throw new AppError('REFUND_IN_PROGRESS');
}

async function beginRefund(
  deps: AppDeps,
  gateway: PaymentGateway | null,
  staff: StaffMember,
  paymentId: string,
  body: { amount: number; reason: string },
  mayResend: boolean,
): Promise<Begun> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<Begun> => {
    const payment = await lockedPayment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    // A payment refunded in full had money: nothing is left of it (REFUND_TOO_LARGE below), as for any amount over.
    if (!REFUNDABLE.includes(payment.state)) throw new AppError('PAYMENT_NOT_REFUNDABLE');
    const online = payment.method === 'stripe';
    const { rows: pending } = await tx.query<{
      id: string;
      amount: number;
      reason: string;
      unanswered: boolean;
      created_at: Date;
    }>(
      `SELECT id, amount, reason, provider_refund_id IS NULL AS unanswered, created_at FROM payment_refunds
       WHERE payment_id = $1 AND state = 'pending' ORDER BY created_at, id LIMIT 1`,
      [payment.id],
    );
    const waiting = pending[0];
    if (waiting) {
      const stale = now.getTime() - waiting.created_at.getTime() >= RESEND_UNANSWERED_AFTER_MS;
      if (online && gateway && mayResend && waiting.unanswered && stale)
        return { kind: 'resend', refund: { id: waiting.id, amount: waiting.amount, reason: waiting.reason, payment } };
      throw new AppError('REFUND_IN_PROGRESS');
    }
    if (body.amount > payment.amount - payment.refunded_amount) throw new AppError('REFUND_TOO_LARGE');
    if (online && !gateway) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');

    const refund: SentRefund = { id: randomUUID(), amount: body.amount, reason: body.reason, payment };
    await tx.query(
      `INSERT INTO payment_refunds (id, payment_id, amount, reason, state, created_by_id, created_by, created_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        refund.id,
        payment.id,
        body.amount,
        body.reason,
        online ? 'pending' : 'succeeded',
        staff.userId || null,
        staff.email,
        now,
        online ? null : now,
      ],
    );
    await recordStaffRead(
      tx,
      staff,
      payment.user_id,
      'refund-payment',
      {
        payment_id: payment.id,
        refund_id: refund.id,
        amount: body.amount,
        currency: payment.currency,
        method: payment.method,
        reason: body.reason,
      },
      now,
    );
    if (online) return { kind: 'send', refund };
    // The office pays it back by hand: recorded as made.
    await settleRefunded(tx, payment.id, null, now);
    await refunded(deps, tx, refund, false);
    return { kind: 'done' };
  });
}

/** The refund sent to the provider (its id the idempotency key), and the provider's answer written. */
async function sendToProvider(
  deps: AppDeps,
  gateway: PaymentGateway,
  refund: SentRefund,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  let answer: Pick<Stripe.Refund, 'id' | 'status'> | null;
  try {
    answer = await providerCall(() =>
      gateway.createRefund(
        {
          payment_intent: refund.payment.reference,
          amount: refund.amount,
          metadata: { refund_id: refund.id, payment_id: refund.payment.id, application_id: refund.payment.user_id },
        },
        refund.id,
      ),
    );
  } catch (err) {
    // No answer: the refund stays pending (its webhook, or the office's next refund, settles it). So does
    // anything that is not the provider's word.
    const refusal = (err as { type?: unknown }).type;
    if (err instanceof AppError || typeof refusal !== 'string' || !refusal.startsWith('Stripe')) throw err;
    // The provider refused it (a 4xx: the charge disputed or already refunded in its dashboard): failed.
    log.warn({ err, refund: refund.id, payment: refund.payment.id }, 'the payment provider refused a refund');
    answer = null;
  }
  const state =
    answer?.status === 'succeeded'
      ? 'succeeded'
      : answer?.status === 'pending' || answer?.status === 'requires_action'
        ? 'pending'
        : 'failed';
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockedPayment(tx, refund.payment.id);
    // The webhook may have settled it between the two transactions: its word stands.
    await tx.query(
      `UPDATE payment_refunds SET provider_refund_id = COALESCE($2, provider_refund_id),
         state = CASE WHEN state = 'pending' THEN $3 ELSE state END,
         settled_at = CASE WHEN state = 'pending' AND $3 <> 'pending' THEN $4::timestamptz ELSE settled_at END
       WHERE id = $1`,
      [refund.id, answer?.id ?? null, state, now],
    );
    if (state === 'succeeded') await settleRefunded(tx, refund.payment.id, null, now);
    if (state !== 'failed') await refunded(deps, tx, refund, true);
    else await recordFeeChange(tx, deps, refund.payment.user_id, { refund: refund.id, state, by: 'provider' });
  });
}

/** A refund made or accepted: the applicant's e-mail (once a refund) and the fee's state in the office's index. */
async function refunded(deps: AppDeps, tx: Queryable, refund: SentRefund, online: boolean): Promise<void> {
  const to = await applicantAddress(tx, refund.payment.user_id);
  if (to)
    await enqueueMailsIn(deps, tx, [
      {
        message: refundMail(deps.config.tenant, to, {
          purpose: refund.payment.purpose,
          amount: refund.amount,
          currency: refund.payment.currency,
          reason: refund.reason,
          online,
        }),
        onceKey: `payment-refund:${refund.id}`,
      },
    ]);
  await recordFeeChange(tx, deps, refund.payment.user_id, { refund: refund.id, amount: refund.amount });
}
