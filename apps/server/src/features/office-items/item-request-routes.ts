import { randomUUID } from 'node:crypto';
import { checklistItemQuery, checklistRequestBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { fileQuestions } from '../documents';
import { enqueueMailIn, itemRequestedMail, itemRequestWithdrawnMail } from '../mail';
import { officeItemWork, type Params } from './office-item-work';

/** A document asked for (again, when one was uploaded) and the request withdrawn (move_stage); each e-mails the applicant. */
export function itemRequestRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  const { submittedChecklist, audited } = officeItemWork(deps, ctx);

  return async (app: FastifyInstance) => {
    app.post<{ Params: Params }>(
      '/applications/:userId/requests',
      { preHandler: requireRight(deps, 'move_stage') },
      async (req) => {
        const { item_key, message } = parseBody(checklistRequestBody, req.body);
        const checklist = await submittedChecklist(req);
        if (!fileQuestions(ctx.form).has(item_key)) {
          if (checklist.items.some((i) => i.key === item_key)) throw new AppError('ITEM_NOT_REQUESTABLE');
          throw new AppError('CHECKLIST_ITEM_UNKNOWN');
        }
        if (checklist.requests.some((r) => r.item_key === item_key && !r.answered_at))
          throw new AppError('ITEM_ALREADY_REQUESTED');
        const item = checklist.items.find((i) => i.key === item_key);
        const label = item?.label ?? fileQuestions(ctx.form).get(item_key)!;
        // "Upload again" only for a document that was uploaded; a transcript the school was to send never was.
        const uploaded = item?.state === 'received' || (item?.updated_at != null && item.state !== 'awaiting');
        return audited(req, 'request-item', { item_key, message }, async (tx) => {
          const inserted = await tx.query(
            `INSERT INTO checklist_requests (id, user_id, item_key, message, requested_by, requested_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [randomUUID(), req.params.userId, item_key, message, staffOf(req).email, now()],
          );
          if (inserted.rowCount !== 1) throw new AppError('ITEM_ALREADY_REQUESTED');
          // The request and its e-mail commit together (the message is the office's own words: no secret).
          await enqueueMailIn(deps, tx, {
            kind: 'message',
            message: itemRequestedMail(deps.config, checklist.email, { label, message, uploaded }),
          });
        });
      },
    );

    app.delete<{ Params: Params }>(
      '/applications/:userId/requests',
      { preHandler: requireRight(deps, 'move_stage') },
      async (req) => {
        const { item_key } = parseBody(checklistItemQuery, req.query);
        const checklist = await submittedChecklist(req);
        const label = checklist.items.find((i) => i.key === item_key)?.label ?? item_key;
        return audited(req, 'withdraw-request', { item_key }, async (tx) => {
          const { rowCount } = await tx.query(
            `UPDATE checklist_requests SET withdrawn_at = $3, withdrawn_by = $4
             WHERE user_id = $1 AND item_key = $2 AND answered_at IS NULL AND withdrawn_at IS NULL`,
            [req.params.userId, item_key, now(), staffOf(req).email],
          );
          if (rowCount !== 1) throw new AppError('NOT_FOUND');
          // The applicant was asked by e-mail; they are told by e-mail that they need not answer (issue 41).
          await enqueueMailIn(deps, tx, {
            kind: 'message',
            message: itemRequestWithdrawnMail(deps.config, checklist.email, { label }),
          });
        });
      },
    );
  };
}
