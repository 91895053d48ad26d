import { randomUUID } from 'node:crypto';
import type { StaffChecklistItem } from '@admissions/domain';
import {
  checklistItemQuery,
  checklistReceiptBody,
  checklistRequestBody,
  checklistWaiverBody,
} from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';
import { recordChecklistChange } from '../../core/checklist-history';
import { recordStaffRead } from '../../session/audit-log';
import { requireStaff, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { loadChecklist, staffChecklist } from '../checklist';
import { fileQuestions } from '../documents';
import { enqueueMailIn, itemRequestedMail, itemRequestWithdrawnMail } from '../mail';
import { assertStaffSeesApplication } from '../staff';

type Params = { userId: string };
type Answer = { complete: boolean; items: StaffChecklistItem[] };

/**
 * The office's items on a submitted application's checklist (decision 044),
 * under /api/staff: a document asked for (again, when one was uploaded), or
 * marked received by the office itself with a note (a paper transcript, issue
 * 41), both move_stage: reviewer, decider, admin; and a waiver (decide:
 * decider, admin). Each change is in the audit log and in the application's
 * history, and answers the office's checklist.
 */
export function officeItemsRoutes(deps: AppDeps, ctx: FormContext) {
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

  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));

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
