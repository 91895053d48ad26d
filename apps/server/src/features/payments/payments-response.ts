import type { FeeWaiverRequestView, PaymentsResponse, TenantFees } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import type { Queryable } from '../../infra/db/db';
import { paymentsOf, paymentView } from './payment-rows';

interface WaiverRequestRow {
  criterion: string;
  statement: string;
  state: 'pending' | 'approved' | 'denied';
  requested_at: Date;
  decided_at: Date | null;
  note: string;
}

/** The application's fee waiver request as the applicant and the office see it (the note is the office's word to the applicant). */
export async function waiverRequestOf(
  db: Queryable,
  fees: TenantFees | undefined,
  userId: string,
): Promise<FeeWaiverRequestView | null> {
  const { rows } = await db.query<WaiverRequestRow>(
    'SELECT criterion, statement, state, requested_at, decided_at, note FROM fee_waiver_requests WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    criterion: row.criterion,
    criterion_label: fees?.waiver_criteria?.find((c) => c.id === row.criterion)?.label ?? row.criterion,
    statement: row.statement,
    state: row.state,
    requested_at: row.requested_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    note: row.note,
  };
}

/**
 * GET /api/payments: the application's fees and the payments that count or are under way. An expired or
 * failed checkout is no payment the applicant made, so it is left out; no card data exists to show.
 */
export async function paymentsResponse(
  deps: AppDeps,
  userId: string,
  db: Queryable = deps.db,
): Promise<PaymentsResponse> {
  const fees = deps.config.tenant.fees;
  const [feeViews, payments, waiver] = await Promise.all([
    feesOf(db, fees, [userId], deps.clock.now()),
    paymentsOf(db, userId),
    waiverRequestOf(db, fees, userId),
  ]);
  return {
    fees: feeViews.get(userId) ?? [],
    payments: payments
      .filter((p) => p.state !== 'expired' && p.state !== 'failed' && p.state !== 'pending')
      .map(paymentView),
    waiver_request: waiver,
    online: deps.config.stripe !== null,
  };
}
