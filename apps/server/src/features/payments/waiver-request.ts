import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import { AppError } from '../../http/app-error';
import { recordFeeChange } from '../staff';

/**
 * POST /api/payments/waiver-request: asked before paying, once. While it waits for the office the fee is not
 * asked for (its state is `waiver_pending`, and checkout refuses), so no one pays and is then refunded.
 */
export async function requestWaiver(
  deps: AppDeps,
  userId: string,
  body: { criterion: string; statement: string },
): Promise<void> {
  const fees = deps.config.tenant.fees;
  if (!fees?.waiver_criteria?.some((c) => c.id === body.criterion)) throw new AppError('WAIVER_CRITERION_UNKNOWN');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM applications WHERE user_id = $1 FOR UPDATE', [userId]);
    const fee = (await feesOf(tx, fees, [userId], now)).get(userId)?.find((f) => f.purpose === 'application_fee');
    if (!fee || (fee.state !== 'due' && fee.state !== 'overdue')) throw new AppError('WAIVER_NOT_AVAILABLE');
    const { rowCount } = await tx.query(
      `INSERT INTO fee_waiver_requests (user_id, criterion, statement, state, requested_at)
       VALUES ($1, $2, $3, 'pending', $4) ON CONFLICT (user_id) DO NOTHING`,
      [userId, body.criterion, body.statement, now],
    );
    // One request an application: a denied one is the office's answer, not a queue to ask again.
    if (rowCount !== 1) throw new AppError('WAIVER_NOT_AVAILABLE');
    await recordFeeChange(tx, deps, userId, { fee_waiver: 'requested', criterion: body.criterion });
  });
}
