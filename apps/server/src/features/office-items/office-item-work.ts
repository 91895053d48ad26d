import type { StaffChecklistItem } from '@admissions/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { recordChecklistChange } from '../../core/checklist-history';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { staffAccessOf } from '../../session/staff-access';
import { loadChecklist, staffChecklist } from '../checklist';
import { assertStaffSeesApplication } from '../staff';

export type Params = { userId: string };
type Answer = { complete: boolean; items: StaffChecklistItem[] };

/**
 * What every office item call does around its own change: find the submitted application the member may see,
 * and write the change, its history and its audit row in one transaction, answering the office's checklist.
 */
export function officeItemWork(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();

  /** The application the member may see, submitted; its checklist as it stands. */
  async function submittedChecklist(req: FastifyRequest<{ Params: Params }>) {
    const { userId } = req.params;
    await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
    const checklist = await loadChecklist(deps, ctx, userId);
    if (!checklist) throw new AppError('NOT_FOUND');
    if (!checklist.submittedAt) throw new AppError('APPLICATION_NOT_SUBMITTED');
    return checklist;
  }

  async function audited(
    req: FastifyRequest<{ Params: Params }>,
    action: Parameters<typeof recordStaffRead>[3],
    detail: Record<string, unknown>,
    change: (tx: Queryable) => Promise<void>,
  ): Promise<Answer> {
    const { userId } = req.params;
    await deps.db.transaction(async (tx) => {
      await change(tx);
      await recordChecklistChange(tx, userId, { [action]: detail.item_key, by: staffOf(req).email }, now());
      await recordStaffRead(tx, staffOf(req), userId, action, detail, now());
    });
    return staffChecklist(deps, ctx, userId);
  }

  return { submittedChecklist, audited };
}
