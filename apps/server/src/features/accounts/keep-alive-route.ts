import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { SESSION_IDLE_MS } from '../../session/account-limits';

/**
 * GET /api/keep-alive: the /api preHandler has already extended the session;
 * this tells the web app when it would now end if nothing else happened, so
 * an applicant typing a long essay is never logged out mid-sentence.
 */
export function keepAliveRoute({ clock }: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get('/keep-alive', async () => ({
      idle_expires_at: new Date(clock.now().getTime() + SESSION_IDLE_MS).toISOString(),
    }));
  };
}
