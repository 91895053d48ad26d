import {
  APPLICATION_ID_HEADER,
  DECISION_MESSAGES,
  type WithdrawApplicationResponse,
  type ApplicationsResponse,
  type ApplicationSummary,
  type CurrentApplicationResponse,
} from '@admissions/domain';
import { currentApplicationBody, startApplicationBody, withdrawBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { withdrawApplication } from '../decisions';
import { accountApplications, applicationSummary, inCycle } from './account-applications';
import { openApplication } from './open-application';
import { cycleRef } from './past-applications';
import { applicationLimit, startApplication } from './start-application';

/**
 * The account's applications (issue 42, decision 062): the list, a new one for
 * another program, and which one this browser session's form calls act on.
 * Each answer names the application now current in X-Application-Id.
 */
export function applicationsRoutes(deps: AppDeps, ctx: FormContext) {
  const { tenant } = deps.config;
  const summaries = async (accountId: string, currentId: string): Promise<ApplicationSummary[]> =>
    (await accountApplications(deps.db, accountId)).map((row) => applicationSummary(row, tenant, ctx, currentId));

  return async (app: FastifyInstance) => {
    app.get('/applications', async (req, reply): Promise<ApplicationsResponse> => {
      const { accountId, userId } = sessionOf(req);
      const rows = await accountApplications(deps.db, accountId);
      const open = rows.filter((r) => r.started && inCycle(r, tenant.cycle.id));
      reply.header('cache-control', 'no-store');
      return {
        applications: rows.map((row) => applicationSummary(row, tenant, ctx, userId)),
        open_cycle: cycleRef(tenant, tenant.cycle.id),
        limit: applicationLimit(tenant),
        can_start: open.length < applicationLimit(tenant),
      };
    });

    app.post('/applications', async (req, reply): Promise<CurrentApplicationResponse> => {
      const session = sessionOf(req);
      const body = parseBody(startApplicationBody, req.body);
      const started = await startApplication(deps, ctx, session, body, req.log);
      reply.code(201).header(APPLICATION_ID_HEADER, started.id);
      return { application: applicationSummary(started, tenant, ctx, started.id) };
    });

    app.put('/applications/current', async (req, reply): Promise<CurrentApplicationResponse> => {
      const session = sessionOf(req);
      const { id } = parseBody(currentApplicationBody, req.body);
      const application = (await summaries(session.accountId, id)).find((s) => s.id === id);
      // Another account's application, or no application at all: the same answer.
      if (!application) throw new AppError('NOT_FOUND');
      await openApplication(deps.db, session.idHash, id === session.accountId ? null : id);
      reply.header(APPLICATION_ID_HEADER, id);
      return { application };
    });

    // Accepting one offer asks whether to withdraw the others (issue 42): each is withdrawn where it stands,
    // without opening it, so a tab working on the accepted one is not interrupted.
    app.post<{ Params: { id: string } }>(
      '/applications/:id/withdraw',
      async (req): Promise<WithdrawApplicationResponse> => {
        const session = sessionOf(req);
        const { reason } = parseBody(withdrawBody, req.body ?? {});
        const mine = async () =>
          (await summaries(session.accountId, session.userId)).find((s) => s.id === req.params.id);
        if (!(await mine())) throw new AppError('NOT_FOUND');
        await withdrawApplication(deps, req.params.id, reason ?? '');
        return { message: DECISION_MESSAGES.withdrawn, application: (await mine())! };
      },
    );
  };
}
