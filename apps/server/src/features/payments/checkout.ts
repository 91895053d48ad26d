import { randomUUID } from 'node:crypto';
import { FEE_LABELS, programLabelOf, type PaymentPurpose } from '@admissions/domain';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { providerCall } from './provider-call';

/** A session that expires within this is not handed out again: the applicant needs time on the page. */
const REUSE_MARGIN_MS = 10 * 60_000;

interface OpenCheckout {
  attempt: number;
  checkout_url: string | null;
  session_expires_at: Date | null;
}

/**
 * POST /api/payments/checkout (issue 43): the provider's hosted page for this application's fee. Under the
 * application's row lock, an open session is handed out again, so two clicks, two tabs or two processes never
 * make two payable sessions. A new one is asked for with the idempotency key `application:purpose:attempt`:
 * if this process dies between the provider's answer and the commit, the next call asks again with the
 * same key and gets the same session back, and the webhook writes its row anyway (provider-session.ts).
 */
export async function checkoutUrl(
  deps: AppDeps,
  gateway: PaymentGateway,
  applicant: { userId: string; email: string },
  purpose: PaymentPurpose,
): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const app = await lockedApplication(tx, applicant.userId);
    const fee = (await feesOf(tx, deps.config.tenant.fees, [applicant.userId], now))
      .get(applicant.userId)
      ?.find((f) => f.purpose === purpose);
    if (!fee) throw new AppError(purpose === 'deposit' ? 'DEPOSIT_NOT_DUE' : 'FEE_NOT_DUE');
    if (fee.state === 'waiver_pending') throw new AppError('FEE_WAIVER_PENDING');
    if (fee.state === 'paid' || fee.state === 'waived') throw new AppError('FEE_NOT_DUE');
    if (!app.submitted_at) throw new AppError('APPLICATION_NOT_SUBMITTED');

    const open = await openCheckout(tx, applicant.userId, purpose);
    if (
      open?.checkout_url &&
      open.session_expires_at &&
      open.session_expires_at.getTime() - now.getTime() > REUSE_MARGIN_MS
    )
      return open.checkout_url;
    // A session about to lapse (or lapsed without its webhook yet) is let go: its expiry event finds it expired.
    if (open)
      await tx.query(
        `UPDATE payments SET state = 'expired', updated_at = $3 WHERE user_id = $1 AND purpose = $2 AND state = 'pending'`,
        [applicant.userId, purpose, now],
      );
    const attempt = await nextAttempt(tx, applicant.userId, purpose);
    const session = await providerCall(() =>
      gateway.createCheckoutSession(
        sessionParams(deps, applicant, purpose, fee.amount, fee.currency, app.program),
        `${applicant.userId}:${purpose}:${attempt}`,
      ),
    );
    if (!session.url) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    await tx.query(
      `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, attempt,
         provider_session_id, checkout_url, session_expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, $5, 'stripe', 'pending', $6, $7, $8, $9, $10, $10)
       ON CONFLICT (provider_session_id) DO NOTHING`,
      [
        randomUUID(),
        applicant.userId,
        purpose,
        fee.amount,
        fee.currency,
        attempt,
        session.id,
        session.url,
        new Date(session.expires_at * 1000),
        now,
      ],
    );
    return session.url;
  });
}

async function lockedApplication(tx: Queryable, userId: string) {
  const { rows } = await tx.query<{ submitted_at: Date | null; program: string }>(
    `SELECT submitted_at, COALESCE(answers->>'applied_major', '') AS program FROM applications WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  if (!rows[0]) throw new AppError('FEE_NOT_DUE');
  return rows[0];
}

async function openCheckout(tx: Queryable, userId: string, purpose: PaymentPurpose): Promise<OpenCheckout | undefined> {
  const { rows } = await tx.query<OpenCheckout>(
    `SELECT attempt, checkout_url, session_expires_at FROM payments
     WHERE user_id = $1 AND purpose = $2 AND state = 'pending' AND method = 'stripe'`,
    [userId, purpose],
  );
  return rows[0];
}

async function nextAttempt(tx: Queryable, userId: string, purpose: PaymentPurpose): Promise<number> {
  const { rows } = await tx.query<{ next: number }>(
    `SELECT COALESCE(MAX(attempt), 0) + 1 AS next FROM payments WHERE user_id = $1 AND purpose = $2 AND method = 'stripe'`,
    [userId, purpose],
  );
  return Number(rows[0]?.next ?? 1);
}

function sessionParams(
  deps: AppDeps,
  applicant: { userId: string; email: string },
  purpose: PaymentPurpose,
  amount: number,
  currency: string,
  program: string,
): Stripe.Checkout.SessionCreateParams {
  const back = new URL('/completion', deps.config.publicUrl);
  // What the webhook needs to write the payment's row if this process dies before it does.
  const metadata = { application_id: applicant.userId, purpose, expected_amount: String(amount) };
  const label = program
    ? `${FEE_LABELS[purpose]}: ${programLabelOf(deps.config.tenant, program)}`
    : FEE_LABELS[purpose];
  return {
    mode: 'payment',
    client_reference_id: applicant.userId,
    metadata,
    payment_intent_data: { metadata },
    customer_email: applicant.email,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: currency.toLowerCase(),
          unit_amount: amount,
          product_data: { name: `${deps.config.tenant.partnerName}: ${label}` },
        },
      },
    ],
    // The provider puts the session's id in place of the placeholder; the page then asks the server to read it.
    success_url: `${back.href}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back.href}?payment=cancelled`,
  };
}
