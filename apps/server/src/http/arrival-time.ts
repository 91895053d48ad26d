import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../infra/clock';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived, before any hook, body or database wait (issue 29). */
    arrivedAt: Date;
  }
}

/**
 * Takes the clock when a request arrives, as the first hook of all. A submit
 * is judged against its deadline by this instant, and the session's idle limit
 * counts to it, so time spent waiting behind a slow database never makes a
 * call late or logs its caller out.
 */
export function registerArrivalTime(app: FastifyInstance, clock: Clock): void {
  // Fastify refuses an object as a decorator's initial value; the hook sets it before anything reads it.
  app.decorateRequest('arrivedAt', null as unknown as Date);
  app.addHook('onRequest', async (request) => {
    request.arrivedAt = clock.now();
  });
}

export function arrivalOf(request: FastifyRequest): Date {
  return request.arrivedAt;
}
