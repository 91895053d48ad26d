import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../infra/db/db';
import { createReadinessProbe } from './readiness';

/**
 * GET /health/live and GET /health/ready, for a load balancer or an
 * orchestrator (deploy/README.md). Live says the process runs and answers,
 * whatever the database does (restarting it would not help); ready says it
 * may be sent calls. Neither touches a session or says more than a word:
 * they are public, and the reason is for the operator reading the probe.
 */
export function healthRoutes(db: Queryable) {
  const readiness = createReadinessProbe(db);
  return async (app: FastifyInstance) => {
    const noStore = { 'cache-control': 'no-store' };
    app.get('/health/live', async (_req, reply) => reply.headers(noStore).send({ status: 'live' }));
    app.get('/health/ready', async (req, reply) => {
      const state = await readiness.check();
      if (state.ready) return reply.headers(noStore).send({ status: 'ready' });
      return reply
        .status(503)
        .headers(noStore)
        .send({ code: 'SERVICE_UNAVAILABLE', status: 'not ready', reason: state.reason, request_id: req.id });
    });
  };
}
