import { checklistItemQuery, checklistReceiptBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { officeItemWork, type Params } from './office-item-work';

/** A document marked received by the office itself, with a note (a paper transcript, issue 41), and unmarked (move_stage). */
export function itemReceiptRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  const { submittedChecklist, audited } = officeItemWork(deps, ctx);

  return async (app: FastifyInstance) => {
    app.post<{ Params: Params }>(
      '/applications/:userId/receipts',
      { preHandler: requireRight(deps, 'move_stage') },
      async (req) => {
        const { item_key, note } = parseBody(checklistReceiptBody, req.body);
        const checklist = await submittedChecklist(req);
        const item = checklist.items.find((i) => i.key === item_key);
        if (!item) throw new AppError('CHECKLIST_ITEM_UNKNOWN');
        if (item.kind !== 'document') throw new AppError('ITEM_NOT_RECEIVABLE');
        return audited(req, 'receive-item', { item_key, note }, async (tx) => {
          await tx.query(
            `INSERT INTO checklist_receipts (user_id, item_key, note, received_by, received_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id, item_key) DO UPDATE SET note = EXCLUDED.note, received_by = EXCLUDED.received_by,
               received_at = EXCLUDED.received_at`,
            [req.params.userId, item_key, note, staffOf(req).email, now()],
          );
        });
      },
    );

    app.delete<{ Params: Params }>(
      '/applications/:userId/receipts',
      { preHandler: requireRight(deps, 'move_stage') },
      async (req) => {
        const { item_key } = parseBody(checklistItemQuery, req.query);
        await submittedChecklist(req);
        return audited(req, 'unreceive-item', { item_key }, async (tx) => {
          const { rowCount } = await tx.query('DELETE FROM checklist_receipts WHERE user_id = $1 AND item_key = $2', [
            req.params.userId,
            item_key,
          ]);
          if (rowCount !== 1) throw new AppError('NOT_FOUND');
        });
      },
    );
  };
}
