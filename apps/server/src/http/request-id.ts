import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** What a balancer's id may look like to be kept (HAProxy's unique-id, a UUID): short, no spaces or quotes. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Each request's id: the balancer's X-Request-Id when it looks like one (so
 * its log and ours share the id), else a new UUID. Anything else a client
 * sends is replaced, never logged as given.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

/**
 * Every answer says its request's id (X-Request-Id), the id that is on each
 * of its log lines (Fastify's request logger carries it as reqId) and in the
 * body of every 5xx (error-handler.ts): an applicant's screenshot of an error
 * leads to the log lines of that call.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
