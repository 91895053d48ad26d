import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { closedCycleOf } from './past-applications';

/**
 * The applicant's calls (other than reads) that still change something while
 * their application belongs to a closed cycle: deleting the account, starting
 * the new cycle's application, and the answer to a decision of the closed
 * cycle (which the office may still release) or of a past application.
 */
const ALLOWED_WHILE_CLOSED = new Set([
  '/api/account',
  '/api/application/new-cycle',
  '/api/decision/response',
  '/api/withdraw',
  '/api/past-applications/:cycleId/decision/response',
  // Issue 42: starting another application, and choosing which one to work on.
  '/api/applications',
  '/api/applications/current',
  '/api/applications/:id/withdraw',
]);

/**
 * preHandler of the applicant's scope (decision 052): once the cycle of the
 * live application has closed, it is read-only, and every call that would
 * change it (a save, an upload, a letter request, a submit) is refused 409
 * CYCLE_CLOSED until the applicant starts an application for the open cycle.
 * An application's cycle never changes and the open cycle changes only at a
 * restart, so this check cannot race the write it guards.
 */
export function refuseClosedCycleWrites(deps: Pick<AppDeps, 'db' | 'config'>) {
  return async (request: FastifyRequest) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const url = request.routeOptions.url ?? '';
    if (ALLOWED_WHILE_CLOSED.has(url) || !request.session) return;
    if (await closedCycleOf(deps.db, request.session.userId, deps.config.tenant.cycle.id))
      throw new AppError('CYCLE_CLOSED');
  };
}

/** Why a save was refused: the application was submitted, or its cycle has closed. */
export async function refusalOf(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<AppError> {
  const closed = await closedCycleOf(deps.db, userId, deps.config.tenant.cycle.id);
  return new AppError(closed ? 'CYCLE_CLOSED' : 'APPLICATION_SUBMITTED');
}
