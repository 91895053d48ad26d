import type { ApplicantStatusResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { findApplication } from '../../core/application-repository';
import { sessionOf } from '../../session/require-session';
import { applicantDecisionStatus } from '../decisions';

/**
 * GET /api/status: the submitted applicant's status page (/completion). The
 * decision is null until it is released; the checklist (#30) joins here.
 */
export function statusRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get('/status', async (req): Promise<ApplicantStatusResponse> => {
      const { userId } = sessionOf(req);
      const application = await findApplication(deps.db, userId);
      const submittedAt = application?.submitted_at ?? null;
      return {
        submitted_at: submittedAt ? new Date(submittedAt).toISOString() : null,
        ...(await applicantDecisionStatus(deps, userId)),
      };
    });
  };
}
