import { randomUUID } from 'node:crypto';
import type { OfflinePaymentMethod, PaymentPurpose } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead, type StaffMember } from '../../session/audit-log';
import { recordFeeChange } from '../staff';
import type { PaymentRow } from './payment-rows';
import { queueReceipt } from './receipt';

export interface OfflinePayment {
  amount: number;
  method: OfflinePaymentMethod;
  reference: string;
  received_on: string;
  purpose?: PaymentPurpose | undefined;
}

/**
 * POST /api/staff/applications/{id}/payments (issue 43): a check, cash or another payment the office received
 * itself, recorded by the member. It counts as the fee paid when its amount is the fee's; another amount is
 * kept and flagged (`amount_mismatch`), as a card payment of another amount is, and the fee stays due. The
 * fee must be asked for (due, overdue, or waiting on a waiver request: the money came anyway). Under the
 * application's row lock, so two members recording the same check at once cannot both count it. The receipt
 * (the amount received, whatever it is) and the audit row commit with the payment.
 */
export async function recordOfflinePayment(
  deps: AppDeps,
  staff: StaffMember,
  userId: string,
  body: OfflinePayment,
): Promise<void> {
  const purpose = body.purpose ?? 'application_fee';
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM applications WHERE user_id = $1 FOR UPDATE', [userId]);
    const fee = (await feesOf(tx, deps.config.tenant.fees, [userId], now))
      .get(userId)
      ?.find((f) => f.purpose === purpose);
    if (!fee || !['due', 'overdue', 'waiver_pending'].includes(fee.state))
      throw new AppError(purpose === 'deposit' ? 'DEPOSIT_NOT_DUE' : 'FEE_NOT_DUE');
    const state = body.amount === fee.amount ? 'paid' : 'amount_mismatch';
    const payment = await insertPayment(tx, {
      userId,
      purpose,
      expected: fee.amount,
      currency: fee.currency,
      state,
      staff,
      body,
      now,
    });
    await queueReceipt(deps, tx, payment);
    await recordFeeChange(tx, deps, userId, { payment: payment.id, state, by: staff.email });
    await recordStaffRead(
      tx,
      staff,
      userId,
      'record-payment',
      {
        payment_id: payment.id,
        purpose,
        amount: body.amount,
        currency: fee.currency,
        method: body.method,
        reference: body.reference,
        received_on: body.received_on,
        state,
      },
      now,
    );
  });
}

async function insertPayment(
  tx: Queryable,
  p: {
    userId: string;
    purpose: PaymentPurpose;
    expected: number;
    currency: string;
    state: 'paid' | 'amount_mismatch';
    staff: StaffMember;
    body: OfflinePayment;
    now: Date;
  },
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, reference,
       received_on, paid_at, recorded_by_id, recorded_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13, $11, $11)
     RETURNING *, received_on::text AS received_on`,
    [
      randomUUID(),
      p.userId,
      p.purpose,
      p.expected,
      p.body.amount,
      p.currency,
      p.body.method,
      p.state,
      p.body.reference,
      p.body.received_on,
      p.now,
      p.staff.userId || null,
      p.staff.email,
    ],
  );
  return rows[0]!;
}
