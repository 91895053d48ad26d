import type { PaymentMethod, PaymentPurpose, PaymentState, StaffPaymentRow, StaffRefundRow } from '@admissions/domain';
import { isUuid } from '../../http/is-uuid';
import type { Queryable } from '../../infra/db/db';
import type { StaffAccess } from '../../session/staff-access';

/** The payments an office call reads: one application's, or the list's (a time range, a state). */
export type StaffPaymentsScope =
  | { application: string }
  | {
      /** The member whose list it is: their programs only, never their own application. */
      access: Pick<StaffAccess, 'userId' | 'programs'>;
      /** From this instant (included) to that one (excluded), by when the payment was paid (or made, unpaid). */
      since: Date | null;
      until: Date | null;
      states: readonly PaymentState[];
    };

interface Row {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  expected_amount: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  state: PaymentState;
  reference: string;
  received_on: string | null;
  paid_at: Date | null;
  refunded_amount: number;
  recorded_by: string | null;
  created_at: Date;
  applicant_name: string;
  applicant_email: string;
  program: string;
}

/**
 * The application's name and program as the office's index has them (the answers when the index has not caught
 * up yet); the address is the account's, which an application moved to a past cycle keeps (decision 052).
 */
const SOURCE = `payments p
  JOIN users u ON u.id = p.user_id
  JOIN users acc ON acc.id = COALESCE(u.application_of, u.id)
  LEFT JOIN applications a ON a.user_id = p.user_id
  LEFT JOIN staff_application_index i ON i.user_id = p.user_id`;

const PROGRAM = `COALESCE(i.program, a.answers->>'applied_major', '')`;

const COLUMNS = `p.id, p.user_id, p.purpose, p.expected_amount, p.amount, p.currency, p.method, p.state, p.reference,
  p.received_on::text AS received_on, p.paid_at, p.refunded_amount, p.recorded_by, p.created_at,
  trim(COALESCE(i.first_name, a.answers->>'first_name', '') || ' ' || COALESCE(i.last_name, a.answers->>'last_name', ''))
    AS applicant_name,
  acc.email AS applicant_email, ${PROGRAM} AS program`;

/** When a payment counts on the office's calendar: when it was paid, or when its checkout began if it never was. */
export const PAYMENT_TIME = 'COALESCE(p.paid_at, p.created_at)';

/** The WHERE clause of a scope and its parameters, from $1 on. */
export function scopeFilter(scope: StaffPaymentsScope, time = PAYMENT_TIME): { where: string; params: unknown[] } {
  if ('application' in scope) return { where: 'p.user_id = $1', params: [scope.application] };
  const me = isUuid(scope.access.userId) ? scope.access.userId : null;
  const params: unknown[] = [me, scope.access.programs, scope.states];
  const clauses = [
    // Never the member's own application (a conflict of interest, issue 48), as the rest of the console.
    '($1::uuid IS NULL OR (u.id <> $1::uuid AND u.application_of IS DISTINCT FROM $1::uuid))',
    `($2::text[] IS NULL OR ${PROGRAM} = ANY ($2::text[]))`,
    'p.state = ANY ($3::text[])',
  ];
  if (scope.since) {
    params.push(scope.since);
    clauses.push(`${time} >= $${params.length}`);
  }
  if (scope.until) {
    params.push(scope.until);
    clauses.push(`${time} < $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}

/** The payments of a scope as the office sees them, newest first, each with its refunds (oldest first). */
export async function staffPaymentRows(db: Queryable, scope: StaffPaymentsScope): Promise<StaffPaymentRow[]> {
  const { where, params } = scopeFilter(scope);
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM ${SOURCE} WHERE ${where} ORDER BY ${PAYMENT_TIME} DESC, p.id DESC`,
    params,
  );
  const refunds = await refundsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    purpose: r.purpose,
    amount: r.amount,
    currency: r.currency,
    state: r.state,
    method: r.method,
    reference: r.reference,
    paid_at: r.paid_at ? r.paid_at.toISOString() : null,
    refunded_amount: r.refunded_amount,
    application_id: r.user_id,
    applicant_name: r.applicant_name,
    applicant_email: r.applicant_email,
    program: r.program,
    expected_amount: r.expected_amount,
    created_at: r.created_at.toISOString(),
    recorded_by: r.recorded_by,
    received_on: r.received_on,
    refunds: refunds.get(r.id) ?? [],
  }));
}

/**
 * The refunds made in a list's scope, by when they were made (settled), whenever their payment was: what the
 * bank shows leaving on that day. The scope's states are its payments' states now.
 */
export async function refundsMadeIn(
  db: Queryable,
  scope: Extract<StaffPaymentsScope, { access: unknown }>,
): Promise<{ amount: number; settled_at: Date }[]> {
  const { where, params } = scopeFilter(scope, 'r.settled_at');
  const { rows } = await db.query<{ amount: number; settled_at: Date }>(
    `SELECT r.amount, r.settled_at FROM ${SOURCE} JOIN payment_refunds r ON r.payment_id = p.id
     WHERE r.state = 'succeeded' AND r.settled_at IS NOT NULL AND ${where}`,
    params,
  );
  return rows;
}

async function refundsOf(db: Queryable, paymentIds: readonly string[]): Promise<Map<string, StaffRefundRow[]>> {
  const out = new Map<string, StaffRefundRow[]>();
  if (paymentIds.length === 0) return out;
  const { rows } = await db.query<Omit<StaffRefundRow, 'created_at'> & { payment_id: string; created_at: Date }>(
    `SELECT id, payment_id, amount, reason, state, created_by, created_at FROM payment_refunds
     WHERE payment_id = ANY ($1::uuid[]) ORDER BY created_at, id`,
    [paymentIds],
  );
  for (const { payment_id, created_at, ...refund } of rows) {
    const list = out.get(payment_id) ?? [];
    list.push({ ...refund, created_at: created_at.toISOString() });
    out.set(payment_id, list);
  }
  return out;
}

/** A payment to refund, locked for the caller's transaction: a second refund of it waits for this one. */
export interface LockedPayment {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  amount: number;
  currency: string;
  method: PaymentMethod;
  state: PaymentState;
  reference: string;
  refunded_amount: number;
}

export async function lockedPayment(db: Queryable, paymentId: string): Promise<LockedPayment | undefined> {
  const { rows } = await db.query<LockedPayment>(
    `SELECT id, user_id, purpose, amount, currency, method, state, reference, refunded_amount
     FROM payments WHERE id = $1 FOR UPDATE`,
    [paymentId],
  );
  return rows[0];
}

/** The application a payment belongs to, read without a lock (to check the member may see it first). */
export async function applicationOfPayment(db: Queryable, paymentId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM payments WHERE id = $1', [paymentId]);
  return rows[0]?.user_id;
}
