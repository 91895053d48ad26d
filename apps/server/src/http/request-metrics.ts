import type { FastifyInstance } from 'fastify';
import { httpDuration, httpServerErrors, statusClass } from '../infra/metrics/metrics';

/**
 * Times every answer by its route's pattern ('/api/documents/:id', never the
 * path itself, which may hold an id) and status class. A call that matched
 * no route is 'unmatched': a scanner's thousand paths are one series.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpDuration.observe({ method, route, status_class: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) httpServerErrors.inc({ method, route });
  });
}
