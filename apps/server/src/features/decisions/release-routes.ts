import {
  DECISION_MESSAGES,
  DECISION_RELEASE_MAX_APPLICATIONS,
  type ReleaseDecisionsResponse,
} from '@admissions/domain';
import { releaseDecisionsBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import { recordStaffActions } from '../../session/audit-log';
import { assertFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { codeOf } from './decision-rules';
import { wakeDecisionsJob } from './decision-worker';
import { cancelRelease, carryOutRelease, createRelease, releasable, releaseItems } from './release-decisions';
import { assertSeesAll } from './sees-all';

type Params = { releaseId: string };

/** Releases of decisions, inside staffDecisionRoutes (decide): made now or scheduled (or tried dry), and cancelled. */
export function releaseRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.post(
      '/decisions/release',
      // The largest release the schema allows (DECISION_RELEASE_MAX_APPLICATIONS ids of 39 bytes in JSON) is
      // more than the app's 256 KB limit for a body: without this, 6,600 ids or more were refused with 413.
      { preHandler: requireRight(deps, 'decide'), bodyLimit: DECISION_RELEASE_MAX_APPLICATIONS * 40 + 64 * 1024 },
      async (req): Promise<ReleaseDecisionsResponse> => {
        const body = parseBody(releaseDecisionsBody, req.body);
        // A dry run changes nothing; a release is one of the riskiest actions: a fresh sign-in (issue 44).
        if (!body.dry_run) assertFreshSignIn(deps, req);
        const ids = [...new Set(body.application_ids.map((id) => id.toLowerCase()))];
        await assertSeesAll(deps, ctx, staffAccessOf(req), ids);
        const at = body.at ? new Date(body.at) : now();
        if (body.at && at.getTime() <= now().getTime())
          throw new AppError('DECISION_TIME_IN_PAST', { errors: { at: ['The release time must be in the future.'] } });
        const ready = await releasable(deps, ids);
        if (body.dry_run) {
          return {
            release_id: null,
            count: ready.length,
            at: at.toISOString(),
            dry_run: true,
            applications: ready.map((r) => ({
              user_id: r.user_id,
              code: r.code,
              label: codeOf(deps.config.tenant.decisions, r.code)?.label ?? r.code,
            })),
            message: DECISION_MESSAGES.dryRun(ready.length),
          };
        }
        const releaseId = await createRelease(deps, staffOf(req), ids, at);
        // One batch is released before the answer; more continue on the decisions job, which a crash cannot stop.
        // The first batch of a larger release is released here too: its notices leave as soon as the answer is
        // out (the answer wakes the mail worker), while the job, woken by its poll, carries on (decision 051).
        if (!body.at && ids.length <= deps.config.decisionReleaseBatchSize)
          await carryOutRelease(deps, releaseId, req.log);
        else if (!body.at) {
          await carryOutRelease(deps, releaseId, req.log, deps.config.decisionReleaseBatchSize, 1);
          await wakeDecisionsJob(deps);
        }
        return {
          release_id: releaseId,
          count: ready.length,
          at: at.toISOString(),
          dry_run: false,
          message: body.at ? DECISION_MESSAGES.scheduled(ready.length) : DECISION_MESSAGES.released(ready.length),
        };
      },
    );

    app.delete<{ Params: Params }>(
      '/decisions/releases/:releaseId',
      { preHandler: requireRight(deps, 'decide') },
      async (req) => {
        const { releaseId } = req.params;
        if (!isUuid(releaseId)) throw new AppError('NOT_FOUND');
        const items = await releaseItems(deps, releaseId);
        if (items.length === 0) throw new AppError('NOT_FOUND');
        await assertSeesAll(deps, ctx, staffAccessOf(req), items);
        const cancelled = await cancelRelease(deps, releaseId);
        if (cancelled === null) throw new AppError('NOT_FOUND');
        if (!cancelled) throw new AppError('RELEASE_NOT_SCHEDULED');
        await recordStaffActions(deps.db, staffOf(req), items, 'cancel-release', { release_id: releaseId }, now());
        return { message: DECISION_MESSAGES.cancelled };
      },
    );
  };
}
