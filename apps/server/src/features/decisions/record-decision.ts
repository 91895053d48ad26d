import { randomUUID } from 'node:crypto';
import type { RecordDecisionInput } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { StaffMember } from '../../session/audit-log';
import { recordStaffRead } from '../../session/audit-log';
import { checkDecision } from './decision-rules';
import { applicationStanding } from './decisions-repository';
import { copyDecisionStates } from '../staff';

/**
 * Records a provisional decision on a submitted application: the applicant
 * sees nothing of it until it is released. A provisional decision already
 * there is replaced (kept in the history as 'replaced'); a released one stays
 * what the applicant sees until this one is released and supersedes it.
 */
export async function recordDecision(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  staff: StaffMember,
  userId: string,
  input: RecordDecisionInput,
): Promise<void> {
  const now = deps.clock.now();
  const checked = checkDecision(deps.config.tenant.decisions, input, now);
  await deps.db.transaction(async (tx) => {
    // One decision change at a time per application.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const standing = await applicationStanding(tx, userId);
    if (!standing.submittedAt) throw new AppError('APPLICATION_NOT_SUBMITTED');
    if (standing.withdrawn) throw new AppError('APPLICATION_WITHDRAWN');
    await tx.query(
      `UPDATE decisions SET status = 'replaced', ended_at = $2 WHERE user_id = $1 AND status = 'provisional'`,
      [userId, now],
    );
    await tx.query(
      `INSERT INTO decisions (id, user_id, code, reasons, conditions, reply_by, status, decided_by_id, decided_by, decided_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, 'provisional', $7, $8, $9)`,
      [
        randomUUID(),
        userId,
        checked.code.code,
        JSON.stringify(checked.reasons),
        JSON.stringify(checked.conditions),
        checked.replyBy,
        staff.userId || null,
        staff.email,
        now,
      ],
    );
    await copyDecisionStates(tx, [userId]);
    await recordStaffRead(
      tx,
      staff,
      userId,
      'record-decision',
      {
        code: checked.code.code,
        reasons: checked.reasons.map((r) => r.id),
        conditions: checked.conditions.length,
        reply_by: checked.replyBy?.toISOString() ?? null,
      },
      now,
    );
  });
}
