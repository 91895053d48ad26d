import type { FastifyInstance } from 'fastify';
import type { ProfileResponse } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { checkNamedApplication } from '../../session/application-header';
import { refuseWithoutSession } from '../../session/require-session';
import { readSessionCookie } from '../../session/session-cookies';
import { sessionCheckFor } from '../../session/session-store';
import { isStaffSession } from '../../session/require-staff';
import { loadProfileInSession } from './profile-repository';
import { profileResponse } from './profile-response';

/**
 * GET /api/profile: everything the web app needs to show the applicant's state
 * (SPEC section 3). Every logged-in page load asks for it, so the session check
 * and the profile are one statement: one round trip, and no write unless the
 * session row is a minute old (see session-activity.ts).
 */
export function profileRoute(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (app: FastifyInstance) => {
    app.get('/profile', { config: { checksSessionItself: true } }, async (req, reply): Promise<ProfileResponse> => {
      const id = readSessionCookie(req, secure);
      if (!id) return refuseWithoutSession(deps, reply);
      const { check, settle } = sessionCheckFor(deps, id, req.arrivedAt);
      const row = await loadProfileInSession(deps.db, check);
      const session = await settle(row);
      if (!session || !row) return refuseWithoutSession(deps, reply);
      req.session = session;
      checkNamedApplication(req, reply);
      return profileResponse(row, session, await isStaffSession(deps, session));
    });
  };
}
