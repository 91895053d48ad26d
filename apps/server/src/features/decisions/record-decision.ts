import type { RecordDecisionInput } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { StaffMember } from '../../session/audit-log';
import { recordStaffActions } from '../../session/audit-log';
import { replyByOnDay } from './decision-letter';
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
  await recordDecisions(deps, staff, [userId], input);
}

/**
 * The same decision for each of these applications (issue 41), in one transaction: all are recorded, or
 * none is (an application not submitted, or withdrawn, refuses the whole call and is named in
 * errors.application_ids when there are several).
 */
export async function recordDecisions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  staff: StaffMember,
  userIds: readonly string[],
  input: RecordDecisionInput,
): Promise<void> {
  const now = deps.clock.now();
  const tenant = deps.config.tenant;
  const checked = checkDecision(tenant.decisions, input, now, (day) => replyByOnDay(tenant, day));
  const ids = [...new Set(userIds)].sort();
  await deps.db.transaction(async (tx) => {
    // One decision change at a time per application; locked in one order, so two batches never deadlock.
    await tx.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    const refused = { APPLICATION_NOT_SUBMITTED: [] as string[], APPLICATION_WITHDRAWN: [] as string[] };
    for (const userId of ids) {
      const standing = await applicationStanding(tx, userId);
      if (!standing.submittedAt) refused.APPLICATION_NOT_SUBMITTED.push(userId);
      else if (standing.withdrawn) refused.APPLICATION_WITHDRAWN.push(userId);
    }
    for (const [code, refusedIds] of Object.entries(refused) as [keyof typeof refused, string[]][])
      if (refusedIds.length)
        throw new AppError(code, ids.length > 1 ? { errors: { application_ids: refusedIds } } : {});
    await tx.query(
      `UPDATE decisions SET status = 'replaced', ended_at = $2 WHERE user_id = ANY($1::uuid[]) AND status = 'provisional'`,
      [ids, now],
    );
    await tx.query(
      `INSERT INTO decisions (id, user_id, code, reasons, conditions, reply_by, status, decided_by_id, decided_by, decided_at)
       SELECT gen_random_uuid(), u, $2, $3::jsonb, $4::jsonb, $5, 'provisional', $6, $7, $8 FROM unnest($1::uuid[]) u`,
      [
        ids,
        checked.code.code,
        JSON.stringify(checked.reasons),
        JSON.stringify(checked.conditions),
        checked.replyBy,
        staff.userId || null,
        staff.email,
        now,
      ],
    );
    await copyDecisionStates(tx, ids);
    await recordStaffActions(
      tx,
      staff,
      ids,
      'record-decision',
      {
        code: checked.code.code,
        reasons: checked.reasons.map((r) => r.id),
        conditions: checked.conditions.length,
        reply_by: checked.replyBy?.toISOString() ?? null,
        ...(ids.length > 1 ? { batch: ids.length } : {}),
      },
      now,
    );
  });
}
