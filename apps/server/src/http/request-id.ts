import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** What a balancer's id may look like to be kept (HAProxy's unique-id, a UUID): short, no spaces or quotes. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Each request's id: always the server's own UUID. A client may send any X-Request-Id, one already used
 * included (issue 48, item 12); an id the server did not make never names a request in its log.
 */
export function requestIdOf(_request: IncomingMessage): string {
  return randomUUID();
}

/** The X-Request-Id the caller sent, when it looks like a balancer's (HAProxy's unique-id); else none. */
export function clientRequestIdOf(request: Pick<IncomingMessage, 'headers'>): string | undefined {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : undefined;
}

/**
 * Every answer says its request's id (X-Request-Id), the id that is on each
 * of its log lines (Fastify's request logger carries it as reqId) and in the
 * body of every 5xx (error-handler.ts): an applicant's screenshot of an error
 * leads to the log lines of that call. The balancer's own id, when it sent one,
 * is on those lines too, as client_request_id, so its log and ours still meet.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const given = clientRequestIdOf(request.raw);
    if (given) request.log = request.log.child({ client_request_id: given });
  });
}
