import { checklistItemQuery, checklistWaiverBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { officeItemWork, type Params } from './office-item-work';

/** An item waived with a reason, and the waiver taken back (decide: decider, admin). */
export function itemWaiverRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  const { submittedChecklist, audited } = officeItemWork(deps, ctx);

  return async (app: FastifyInstance) => {
    app.post<{ Params: Params }>(
      '/applications/:userId/waivers',
      { preHandler: requireRight(deps, 'decide') },
      async (req) => {
        const { item_key, reason } = parseBody(checklistWaiverBody, req.body);
        const checklist = await submittedChecklist(req);
        if (!checklist.items.some((i) => i.key === item_key)) throw new AppError('CHECKLIST_ITEM_UNKNOWN');
        return audited(req, 'waive-item', { item_key, reason }, async (tx) => {
          await tx.query(
            `INSERT INTO checklist_waivers (user_id, item_key, reason, waived_by, waived_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id, item_key) DO UPDATE SET reason = EXCLUDED.reason, waived_by = EXCLUDED.waived_by,
               waived_at = EXCLUDED.waived_at`,
            [req.params.userId, item_key, reason, staffOf(req).email, now()],
          );
        });
      },
    );

    app.delete<{ Params: Params }>(
      '/applications/:userId/waivers',
      { preHandler: requireRight(deps, 'decide') },
      async (req) => {
        const { item_key } = parseBody(checklistItemQuery, req.query);
        await submittedChecklist(req);
        return audited(req, 'unwaive-item', { item_key }, async (tx) => {
          const { rowCount } = await tx.query('DELETE FROM checklist_waivers WHERE user_id = $1 AND item_key = $2', [
            req.params.userId,
            item_key,
          ]);
          if (rowCount !== 1) throw new AppError('NOT_FOUND');
        });
      },
    );
  };
}
