import {
  DECISION_RELEASE_MAX_APPLICATIONS,
  DECISION_MESSAGES,
  type DecisionCodesResponse,
  type DecisionHistoryResponse,
  type ReleaseDecisionsResponse,
} from '@admissions/domain';
import {
  cancelScheduledBody,
  recordDecisionBody,
  recordDecisionsBody,
  releaseDecisionsBody,
} from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffActions, recordStaffRead } from '../../session/audit-log';
import { requireStaff, staffOf } from '../../session/require-staff';
import { requireRight, seesProgram, staffAccessOf, type StaffAccess } from '../../session/staff-access';
import { assertStaffSeesApplication, indexedPrograms, refuseOwnApplications, refuseUnseenPrograms } from '../staff';
import { codeOf } from './decision-rules';
import { officeDecisions } from './decision-history';
import { cancelScheduledFor } from './cancel-scheduled';
import { recordDecision, recordDecisions } from './record-decision';
import { wakeDecisionsJob } from './decision-worker';
import { cancelRelease, carryOutRelease, createRelease, releasable, releaseItems } from './release-decisions';
import { isUuid } from '../../http/is-uuid';

type Params = { userId: string; releaseId: string };

/** At most this many unknown ids are named in a 404's errors: the answer to 20,000 made-up ids stays small. */
const NAMED_UNKNOWN_IDS = 100;

/**
 * Every application exists and is in the member's programs; otherwise 404, as for one application. None is
 * the member's own: otherwise 403 OWN_APPLICATION for the whole call, checked first. A bounded number of
 * statements whatever the number of ids (indexedPrograms).
 */
async function assertSeesAll(deps: AppDeps, ctx: FormContext, access: StaffAccess, userIds: readonly string[]) {
  await refuseOwnApplications(deps, access, userIds, { bulk: true });
  const programs = await indexedPrograms(deps, ctx, userIds);
  const hidden = userIds.filter((id) => programs.has(id) && !seesProgram(access, programs.get(id)!));
  // Outside the member's programs: 404 as for no application, and audited (issue 48, item 12).
  if (hidden.length) await refuseUnseenPrograms(deps, access, hidden, { bulk: true });
  const unknown = userIds.filter((id) => !programs.has(id));
  if (unknown.length)
    throw new AppError('NOT_FOUND', { errors: { application_ids: unknown.slice(0, NAMED_UNKNOWN_IDS) } });
}

/**
 * The office's decision calls, mounted at /api/staff (issue #32): recording
 * and releasing need the 'decide' right (deciders and admins), reading the
 * history needs 'read'. Every call on one application starts with
 * assertStaffSeesApplication, and every call is in the audit log.
 */
export function staffDecisionRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));

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

    app.post(
      '/decisions/release',
      // The largest release the schema allows (DECISION_RELEASE_MAX_APPLICATIONS ids of 39 bytes in JSON) is
      // more than the app's 256 KB limit for a body: without this, 6,600 ids or more were refused with 413.
      { preHandler: requireRight(deps, 'decide'), bodyLimit: DECISION_RELEASE_MAX_APPLICATIONS * 40 + 64 * 1024 },
      async (req): Promise<ReleaseDecisionsResponse> => {
        const body = parseBody(releaseDecisionsBody, req.body);
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
