import { DECISION_MESSAGES } from '@admissions/domain';
import { cancelScheduledBody, recordDecisionsBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { parseBody } from '../../http/parse-body';
import { recordStaffActions } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { cancelScheduledFor } from './cancel-scheduled';
import { recordDecisions } from './record-decision';
import { assertSeesAll } from './sees-all';

/** Decisions for many (issue 41), inside staffDecisionRoutes: recorded for, or taken out of their releases, at once. */
export function decisionsForManyRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    // Decisions for many (issue 41): one code, reasons and conditions for every application selected.
    app.post('/decisions/record', { preHandler: requireRight(deps, 'decide') }, async (req) => {
      const { application_ids, ...input } = parseBody(recordDecisionsBody, req.body);
      const ids = [...new Set(application_ids.map((id) => id.toLowerCase()))];
      await assertSeesAll(deps, ctx, staffAccessOf(req), ids);
      await recordDecisions(deps, staffOf(req), ids, input);
      return { count: ids.length, message: DECISION_MESSAGES.recordedMany(ids.length) };
    });

    // The selected applications taken out of their scheduled releases (issue 41).
    app.post('/decisions/cancel', { preHandler: requireRight(deps, 'decide') }, async (req) => {
      const { application_ids } = parseBody(cancelScheduledBody, req.body);
      const ids = [...new Set(application_ids.map((id) => id.toLowerCase()))];
      await assertSeesAll(deps, ctx, staffAccessOf(req), ids);
      const removed = await cancelScheduledFor(deps, ids);
      // One audit row per application, naming the release it left.
      for (const releaseId of new Set(removed.map((r) => r.release_id)))
        await recordStaffActions(
          deps.db,
          staffOf(req),
          removed.filter((r) => r.release_id === releaseId).map((r) => r.user_id),
          'cancel-release',
          { release_id: releaseId },
          now(),
        );
      return { count: removed.length, message: DECISION_MESSAGES.cancelledMany(removed.length) };
    });
  };
}
