import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { requireStaff } from '../../session/require-staff';
import { itemReceiptRoutes } from './item-receipt-routes';
import { itemRequestRoutes } from './item-request-routes';
import { itemWaiverRoutes } from './item-waiver-routes';

/**
 * The office's items on a submitted application's checklist (decision 044),
 * under /api/staff: a document asked for (again, when one was uploaded), or
 * marked received by the office itself with a note (a paper transcript, issue
 * 41), both move_stage: reviewer, decider, admin; and a waiver (decide:
 * decider, admin). Each change is in the audit log and in the application's
 * history, and answers the office's checklist (office-item-work.ts).
 */
export function officeItemsRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));
    await app.register(itemRequestRoutes(deps, ctx));
    await app.register(itemReceiptRoutes(deps, ctx));
    await app.register(itemWaiverRoutes(deps, ctx));
  };
}
