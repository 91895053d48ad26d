import type { PaymentMethod, PaymentPurpose, PaymentState, PaymentView } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** A payments row (migration 135). */
export interface PaymentRow {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  expected_amount: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  state: PaymentState;
  attempt: number;
  provider_session_id: string | null;
  checkout_url: string | null;
  session_expires_at: Date | null;
  reference: string;
  received_on: string | null;
  paid_at: Date | null;
  refunded_amount: number;
  recorded_by: string | null;
  created_at: Date;
}

/** A payments row's columns as PaymentRow reads them. */
export const PAYMENT_COLUMNS = `id, user_id, purpose, expected_amount, amount, currency, method, state, attempt, provider_session_id,
  checkout_url, session_expires_at, reference, received_on::text AS received_on, paid_at, refunded_amount, recorded_by,
  created_at`;

/** The payments of one application, oldest first; pending and expired checkouts too (the office's panel shows them). */
export async function paymentsOf(db: Queryable, userId: string): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** The payment of a provider's Checkout Session, locked for the caller's transaction. */
export async function lockedPaymentOfSession(db: Queryable, sessionId: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider_session_id = $1 FOR UPDATE`,
    [sessionId],
  );
  return rows[0];
}

/** What the applicant sees of a payment: never a card, only the provider's reference. */
export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    purpose: row.purpose,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    method: row.method,
    reference: row.reference,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    refunded_amount: row.refunded_amount,
  };
}
