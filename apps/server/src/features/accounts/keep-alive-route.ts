import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { SESSION_IDLE_MS } from '../../session/account-limits';
import { sessionOf } from '../../session/require-session';

/**
 * GET /api/keep-alive: the /api preHandler has already extended the session;
 * this tells the web app when it would now end if nothing else happened, so
 * an applicant typing a long essay is never logged out mid-sentence.
 */
export function keepAliveRoute({ clock, config }: AppDeps) {
  return async (app: FastifyInstance) => {
    // A staff session has its own idle limit (STAFF_IDLE_MINUTES, issue 44).
    app.get('/keep-alive', async (req) => ({
      idle_expires_at: new Date(
        clock.now().getTime() + (sessionOf(req).isStaff ? config.staffAuth.idleMs : SESSION_IDLE_MS),
      ).toISOString(),
    }));
  };
}
