import { randomUUID } from 'node:crypto';
import { PAYMENT_PURPOSES, type PaymentPurpose } from '@admissions/domain';
import type Stripe from 'stripe';
import type { Queryable } from '../../infra/db/db';
import { lockedPaymentOfSession, PAYMENT_COLUMNS, type PaymentRow } from './payment-rows';

export interface SessionOutcome {
  payment: PaymentRow | undefined;
  /** The session's payment was counted now (paid or flagged for its amount), not before. */
  settledNow: boolean;
  /** The applicant's address, when the statement that counted the payment read it too (null: no such account). */
  applicantEmail?: string | null;
}

/**
 * The usual case of a paid session in one statement (one round trip instead of three, issue 43's webhook burst):
 * the session's row, if it is there and not counted yet, counted (paid, or flagged for its amount) and the
 * applicant's address read for the receipt. The UPDATE locks the row as the slow path's SELECT … FOR UPDATE
 * does, and a row another transaction counted meanwhile no longer matches its WHERE once that one commits
 * (PostgreSQL re-reads it), so it is left alone.
 */
const COUNT_PAID_SESSION = `
  WITH counted AS (
    UPDATE payments SET
      state = CASE WHEN expected_amount = $2::int AND currency = upper($3::text) THEN 'paid' ELSE 'amount_mismatch' END,
      amount = $2::int, reference = $4, paid_at = $5, updated_at = $5
    WHERE provider_session_id = $1 AND state IN ('pending', 'expired', 'failed')
    RETURNING ${PAYMENT_COLUMNS}
  )
  SELECT counted.*,
    (SELECT a.email FROM users u JOIN users a ON a.id = COALESCE(u.application_of, u.id) WHERE u.id = counted.user_id)
      AS applicant_email
  FROM (SELECT 1) AS one LEFT JOIN counted ON true`;

/**
 * What the provider says of a Checkout Session, written to its payment (decision 065). The webhook and the
 * applicant's return both end here, each with the provider's own word (a signed event, or the session read
 * back from the provider), and converge on one row: the first to come counts the payment, the second finds
 * it counted and changes nothing. A session whose row was never written (the process died between the
 * provider's answer and its commit) gets its row from the session's own metadata.
 */
export async function applySession(
  tx: Queryable,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<SessionOutcome> {
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  if (paid) {
    const { rows } = await tx.query<
      { applicant_email: string | null } & { [K in keyof PaymentRow]: PaymentRow[K] | null }
    >(COUNT_PAID_SESSION, [session.id, session.amount_total ?? 0, session.currency ?? null, referenceOf(session), now]);
    const { applicant_email, ...row } = rows[0]!;
    if (row.id !== null) return { payment: row as PaymentRow, settledNow: true, applicantEmail: applicant_email };
    // No row of this session waiting to be counted: counted before, or never written (below).
  }
  let payment = await lockedPaymentOfSession(tx, session.id);
  if (!payment) payment = await adoptSession(tx, session, now);
  if (!payment) return { payment: undefined, settledNow: false };
  if (paid) {
    if (!['pending', 'expired', 'failed'].includes(payment.state)) return { payment, settledNow: false };
    const amount = session.amount_total ?? 0;
    // Another amount than asked is kept and shown to the office, never counted as the fee paid.
    const state =
      amount === payment.expected_amount && session.currency?.toUpperCase() === payment.currency
        ? 'paid'
        : 'amount_mismatch';
    const { rows } = await tx.query<PaymentRow>(
      `UPDATE payments SET state = $2, amount = $3, reference = $4, paid_at = $5, updated_at = $5
       WHERE id = $1 RETURNING *, received_on::text AS received_on`,
      [payment.id, state, amount, referenceOf(session), now],
    );
    return { payment: rows[0], settledNow: true };
  }
  if (session.status === 'expired' && payment.state === 'pending') {
    await tx.query(`UPDATE payments SET state = 'expired', updated_at = $2 WHERE id = $1`, [payment.id, now]);
    return { payment: { ...payment, state: 'expired' }, settledNow: false };
  }
  return { payment, settledNow: false };
}

/** The provider's payment (its PaymentIntent), which its dashboard and the bank's statement name. */
function referenceOf(session: Stripe.Checkout.Session): string {
  const intent = session.payment_intent;
  if (typeof intent === 'string') return intent;
  return intent?.id ?? session.id;
}

/** The row of a session made by a process that died before writing it: its metadata names the application. */
async function adoptSession(
  tx: Queryable,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<PaymentRow | undefined> {
  const applicationId = session.metadata?.application_id ?? session.client_reference_id;
  const purpose = session.metadata?.purpose as PaymentPurpose | undefined;
  if (!applicationId || !purpose || !PAYMENT_PURPOSES.includes(purpose)) return undefined;
  const { rows: apps } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM applications WHERE user_id::text = $1 FOR UPDATE',
    [applicationId],
  );
  if (!apps[0]) return undefined;
  // The pending row of a later attempt, if any, gives way: this session is the one the applicant used.
  if (session.status === 'complete')
    await tx.query(
      `UPDATE payments SET state = 'expired', updated_at = $3 WHERE user_id = $1 AND purpose = $2 AND state = 'pending'`,
      [applicationId, purpose, now],
    );
  const attempt = await tx.query<{ next: number }>(
    `SELECT COALESCE(MAX(attempt), 0) + 1 AS next FROM payments WHERE user_id = $1 AND purpose = $2 AND method = 'stripe'`,
    [applicationId, purpose],
  );
  const expected = Number(session.metadata?.expected_amount ?? session.amount_subtotal ?? 0);
  await tx.query(
    `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, attempt,
       provider_session_id, checkout_url, session_expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 0, $5, 'stripe', $6, $7, $8, $9, $10, $11, $11)
     ON CONFLICT (provider_session_id) DO NOTHING`,
    [
      randomUUID(),
      applicationId,
      purpose,
      expected,
      (session.currency ?? 'usd').toUpperCase(),
      // Counted just after (applySession); an open or expired session's row is never payable again.
      session.status === 'complete' ? 'pending' : 'expired',
      Number(attempt.rows[0]?.next ?? 1),
      session.id,
      session.url,
      new Date(session.expires_at * 1000),
      now,
    ],
  );
  return lockedPaymentOfSession(tx, session.id);
}
