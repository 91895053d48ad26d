import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { recordFeeChange } from '../staff';
import { applySession } from './provider-session';
import { queueReceipt } from './receipt';

/**
 * A session as the provider says it is, written and followed up in the caller's transaction: when the payment is
 * first counted (paid, or flagged for its amount), whichever path counted it, the change goes into the
 * application's history and the office's index (recordFeeChange, as an offline payment does), and a paid one's
 * receipt is queued, each exactly once. Answers the payment's application.
 */
export async function settleSession(
  deps: AppDeps,
  tx: Queryable,
  session: Stripe.Checkout.Session,
): Promise<string | undefined> {
  const { payment, settledNow, applicantEmail } = await applySession(tx, session, deps.clock.now());
  if (!payment || !settledNow) return payment?.user_id;
  await recordFeeChange(tx, deps, payment.user_id, { payment: payment.id, state: payment.state, by: 'provider' });
  if (payment.state === 'paid') await queueReceipt(deps, tx, payment, applicantEmail);
  return payment.user_id;
}
