import {
  APPLICATION_ID_HEADER,
  type ApplicationsResponse,
  type ApplicationSummary,
  type CurrentApplicationResponse,
} from '@admissions/domain';
import { currentApplicationBody, startApplicationBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
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
      const id = await startApplication(deps, ctx, session, body, req.log);
      const application = (await summaries(session.accountId, id)).find((s) => s.id === id)!;
      reply.code(201).header(APPLICATION_ID_HEADER, id);
      return { application };
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
  };
}
