import {
  DECISION_MESSAGES,
  pastApplicationPdfPath,
  type ApplicationCycleResponse,
  type NewCycleResponse,
} from '@admissions/domain';
import { decisionResponseBody, newCycleBody } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { pastDecisionOf, respondToOffer } from '../decisions';
import { attachmentHeader, createCopyDownloadRate, drawnCopy, type ApplicantCopies } from '../pdf';
import { closedCycleOf, cycleRef, pastApplicationsOf } from './past-applications';
import { openApplication } from './open-application';
import { startNewCycle } from './start-new-cycle';

/**
 * The applicant's cycle calls (decision 052): where their application stands
 * against the open cycle, starting the open cycle's application, and the PDF
 * copy of a past one. A past application is found through the account, by its
 * cycle; its owner key never leaves the server. Its copy is drawn and kept as
 * the applicant's own copy is (applicant-copies.ts: the same thread, queue and
 * memory), and counts in the same copies a minute.
 */
export function cycleRoutes(deps: AppDeps, ctx: FormContext, copies: ApplicantCopies) {
  const tenant = deps.config.tenant;
  const copyRate = createCopyDownloadRate(deps.db);
  /** The account's past application of the cycle in the path: 404 for another cycle (and for another account's). */
  const pastApplication = async (req: FastifyRequest<{ Params: { cycleId: string } }>) => {
    const past = (await pastApplicationsOf(deps.db, sessionOf(req).accountId, tenant.cycle.id)).find(
      (p) => p.cycle_id === req.params.cycleId,
    );
    if (!past) throw new AppError('NOT_FOUND');
    return past;
  };
  return async (app: FastifyInstance) => {
    app.get('/application/cycle', async (req, reply): Promise<ApplicationCycleResponse> => {
      const { userId, accountId } = sessionOf(req);
      const [closed, past] = await Promise.all([
        closedCycleOf(deps.db, userId, tenant.cycle.id),
        pastApplicationsOf(deps.db, accountId, tenant.cycle.id),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        open_cycle: cycleRef(tenant, tenant.cycle.id),
        closed: closed && {
          cycle: cycleRef(tenant, closed.cycleId),
          submitted: closed.submittedAt !== null,
          submitted_at: closed.submittedAt?.toISOString() ?? null,
        },
        past: await Promise.all(
          past.map(async (p) => ({
            cycle: cycleRef(tenant, p.cycle_id),
            submitted_at: p.submitted_at ? new Date(p.submitted_at).toISOString() : null,
            // A released decision only, and listing it is not reading it: it is not marked viewed.
            decision: await pastDecisionOf(deps, p.owner_id),
            pdf_url: pastApplicationPdfPath(p.cycle_id),
          })),
        ),
      };
    });

    app.post('/application/new-cycle', async (req): Promise<NewCycleResponse> => {
      const { carry_over } = parseBody(newCycleBody, req.body);
      const session = sessionOf(req);
      const started = await startNewCycle(deps, ctx, session.accountId, carry_over);
      // The new cycle's application is the account's own row: this session's form calls act on it now.
      await openApplication(deps.db, session.idHash, null);
      return started;
    });

    app.get<{ Params: { cycleId: string } }>('/past-applications/:cycleId/pdf', async (req, reply) => {
      const past = await pastApplication(req);
      await copyRate.hit(sessionOf(req).accountId, deps.clock.now().getTime());
      const copy = await drawnCopy(copies.pastFile({ userId: past.owner_id, username: past.email }, req.log));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(copy.fileName))
        .header('cache-control', 'no-store')
        .send(copy.pdf);
    });

    /** An offer made to a past application can still be answered until its reply-by instant (issue 29). */
    app.post<{ Params: { cycleId: string } }>('/past-applications/:cycleId/decision/response', async (req) => {
      const { response } = parseBody(decisionResponseBody, req.body);
      await respondToOffer(deps, (await pastApplication(req)).owner_id, response);
      return { message: response === 'accept' ? DECISION_MESSAGES.accepted : DECISION_MESSAGES.declined };
    });
  };
}
