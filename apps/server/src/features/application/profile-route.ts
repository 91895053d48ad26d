import type { FastifyInstance } from 'fastify';
import type { ProfileResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { sessionOf } from '../accounts/require-session';
import { loadDocumentAnswers } from '../documents/document-answers';
import { isStaffSession } from '../staff/require-staff';
import { loadProfileRows } from './profile-repository';

/** GET /api/profile: everything the web app needs to show the applicant's state (SPEC section 3). */
export function profileRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get('/profile', async (req): Promise<ProfileResponse> => {
      const session = sessionOf(req);
      const [rows, documents] = await Promise.all([loadProfileRows(deps.db, session.userId), loadDocumentAnswers(deps.db, session.userId)]);
      return {
        answer: rows.answers,
        document_answer: documents,
        username: session.username,
        last_page: rows.lastPage,
        successful_login: rows.logins.map((d) => d.toISOString()),
        web_status: rows.webStatuses.map((web_status) => ({ web_status })),
        ...(isStaffSession(deps, session) ? { is_staff: true } : {}),
      };
    });
  };
}
