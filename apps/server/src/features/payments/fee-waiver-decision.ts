import type { AppDeps } from '../../app-deps';
import { applicationFeeOf } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import { recordStaffRead, type StaffMember } from '../../session/audit-log';
import { enqueueMailsIn, feeWaiverDecisionMail } from '../mail';
import { recordFeeChange } from '../staff';
import { applicantAddress } from './receipt';

/**
 * PUT /api/staff/applications/{id}/fee-waiver (issue 43): the office's answer to the application's pending fee
 * waiver request. Approved, the fee is waived; denied, it is due again (its grace counts from submission, as
 * before). The request row is locked, so two members deciding at once cannot both decide: the second finds no
 * pending request (404). The decision, its e-mail (once-keyed: one a request) and the audit row commit together.
 */
export async function decideFeeWaiver(
  deps: AppDeps,
  staff: StaffMember,
  userId: string,
  body: { decision: 'approve' | 'deny'; note?: string | undefined },
): Promise<void> {
  const now = deps.clock.now();
  const note = body.note ?? '';
  const approved = body.decision === 'approve';
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ criterion: string; program: string }>(
      `SELECT w.criterion, COALESCE(a.answers->>'applied_major', '') AS program
       FROM fee_waiver_requests w LEFT JOIN applications a ON a.user_id = w.user_id
       WHERE w.user_id = $1 AND w.state = 'pending' FOR UPDATE OF w`,
      [userId],
    );
    const request = rows[0];
    if (!request) throw new AppError('WAIVER_REQUEST_UNKNOWN');
    await tx.query(
      `UPDATE fee_waiver_requests SET state = $2, decided_at = $3, decided_by_id = $4, decided_by = $5, note = $6
       WHERE user_id = $1`,
      [userId, approved ? 'approved' : 'denied', now, staff.userId || null, staff.email, note],
    );
    const to = await applicantAddress(tx, userId);
    const fees = deps.config.tenant.fees;
    if (to)
      await enqueueMailsIn(deps, tx, [
        {
          message: feeWaiverDecisionMail(deps.config.tenant, to, {
            approved,
            note,
            amount: applicationFeeOf(fees, request.program),
            currency: fees?.currency ?? 'USD',
          }),
          onceKey: `fee-waiver-decision:${userId}`,
        },
      ]);
    await recordFeeChange(tx, deps, userId, { fee_waiver: body.decision, by: staff.email });
    await recordStaffRead(
      tx,
      staff,
      userId,
      'decide-fee-waiver',
      { decision: body.decision, note, criterion: request.criterion },
      now,
    );
  });
}
