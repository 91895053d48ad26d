import type { StaffApplicationPaymentsResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import type { Queryable } from '../../infra/db/db';
import { waiverRequestOf } from './payments-response';
import { staffPaymentRows } from './staff-payments-repository';

/**
 * The payments panel of one application (GET /api/staff/applications/{id}/payments, and the answer of every
 * change made from it): its fees as they stand, every payment (pending and expired checkouts too, so the office
 * sees an abandoned one), newest first with its refunds, and its fee waiver request. `online`: refunds of card
 * payments go through the provider.
 */
export async function applicationPayments(
  deps: AppDeps,
  db: Queryable,
  userId: string,
  online: boolean,
): Promise<StaffApplicationPaymentsResponse> {
  const fees = deps.config.tenant.fees;
  const feeViews = await feesOf(db, fees, [userId], deps.clock.now());
  const payments = await staffPaymentRows(db, { application: userId });
  const waiver = await waiverRequestOf(db, fees, userId);
  return { fees: feeViews.get(userId) ?? [], payments, waiver_request: waiver, online };
}
