import { randomUUID } from 'node:crypto';
import type { PaymentPurpose, PaymentState } from '@admissions/domain';
import { recordFeeChange } from '../features/staff';
import type { TestApp } from './test-app';

/**
 * A payment written as the payments feature writes one (issue 43): the row, then recordFeeChange in the same
 * transaction. By default the sample tenant's $75 application fee, paid by check now (by the test clock).
 */
export async function paidFee(
  t: TestApp,
  userId: string,
  payment: { purpose?: PaymentPurpose; amount?: number; state?: PaymentState } = {},
): Promise<string> {
  const id = randomUUID();
  const { purpose = 'application_fee', amount = 7500, state = 'paid' } = payment;
  const now = t.clock.now();
  await t.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, reference,
         received_on, paid_at, recorded_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4, 'USD', 'check', $5, 'check 1001', $6, $7, 'dean@college.test', $7, $7)`,
      [id, userId, purpose, amount, state, now.toISOString().slice(0, 10), now],
    );
    await recordFeeChange(tx, t.deps, userId, { payment: id, state });
  });
  return id;
}

/** The applicant's fee waiver request, in the state given (decided now when not pending), with its fee change. */
export async function feeWaiverRequest(
  t: TestApp,
  userId: string,
  state: 'pending' | 'approved' | 'denied',
): Promise<void> {
  const now = t.clock.now();
  const decided = state === 'pending' ? null : now;
  await t.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO fee_waiver_requests (user_id, criterion, statement, state, requested_at, decided_at, decided_by)
       VALUES ($1, 'mcnair', 'I am a McNair scholar.', $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, decided_at = EXCLUDED.decided_at,
         decided_by = EXCLUDED.decided_by`,
      [userId, state, now, decided, decided ? 'dean@college.test' : null],
    );
    await recordFeeChange(tx, t.deps, userId, { fee_waiver: state });
  });
}
