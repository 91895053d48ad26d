import { DECISION_MESSAGES, type DecisionCodesResponse, type DecisionHistoryResponse } from '@admissions/domain';
import { recordDecisionBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireStaff, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from '../staff';
import { officeDecisions } from './decision-history';
import { decisionsForManyRoutes } from './decisions-for-many-routes';
import { recordDecision } from './record-decision';
import { releaseRoutes } from './release-routes';

type Params = { userId: string };

/**
 * The office's decision calls, mounted at /api/staff (issue #32): recording
 * and releasing need the 'decide' right (deciders and admins), reading the
 * history needs 'read'. Every call on one application starts with
 * assertStaffSeesApplication, and every call is in the audit log. The calls
 * on many applications at once are decisions-for-many-routes.ts and release-routes.ts.
 */
export function staffDecisionRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));
    await app.register(decisionsForManyRoutes(deps, ctx));
    await app.register(releaseRoutes(deps, ctx));

    app.get('/decision-codes', { preHandler: requireRight(deps, 'read') }, async (): Promise<DecisionCodesResponse> => {
      const { decisions, time_zone } = deps.config.tenant;
      return {
        codes: decisions.codes.map(({ letter: _letter, ...code }) => code),
        deny_reasons: decisions.deny_reasons,
        reply_days: decisions.reply_days,
        time_zone,
      };
    });

    app.put<{ Params: Params }>(
      '/applications/:userId/decision',
      { preHandler: requireRight(deps, 'decide') },
      async (req): Promise<DecisionHistoryResponse & { message: string }> => {
        const { userId } = req.params;
        await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
        await recordDecision(deps, staffOf(req), userId, parseBody(recordDecisionBody, req.body));
        return { message: DECISION_MESSAGES.recorded, ...(await officeDecisions(deps, userId)) };
      },
    );

    app.get<{ Params: Params }>(
      '/applications/:userId/decisions',
      { preHandler: requireRight(deps, 'read') },
      async (req): Promise<DecisionHistoryResponse> => {
        const { userId } = req.params;
        await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
        const answer = await officeDecisions(deps, userId);
        await recordStaffRead(deps.db, staffOf(req), userId, 'view-decisions', {}, now());
        return answer;
      },
    );
  };
}
