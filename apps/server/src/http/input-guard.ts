import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** PostgreSQL's text cannot hold U+0000: a string carrying one would fail its statement with a 500. */
const NUL = '\u0000';
export const NUL_MESSAGE = 'Must not contain a NUL character (U+0000).';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's body is answers that it checks itself (checkAnswerPayload: NUL and half surrogate
     * pairs refused under each field with a message the form shows there, after the session check,
     * so an expired session still answers 401). The guard then checks only the path and the query.
     */
    checksAnswerTextItself?: boolean;
  }
}

/**
 * One check for every route, before any of them runs: a NUL character in the
 * query, a path parameter or anywhere in a JSON body (a key or a value, at any
 * depth) is answered 400 BAD_REQUEST naming the field, and nothing is stored.
 * Other control characters, lone surrogates and long strings are each route's
 * own rules (zod limits), since PostgreSQL stores them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before any route's own hooks (sessions, staff) touch the database.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const errors: Record<string, string[]> = {};
    const parts = request.routeOptions.config.checksAnswerTextItself
      ? [request.params, request.query]
      : [request.params, request.query, request.body];
    for (const part of parts) findNul(part, [], errors);
    if (Object.keys(errors).length) throw new AppError('BAD_REQUEST', { errors });
  });
}

function findNul(value: unknown, path: string[], errors: Record<string, string[]>): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) errors[path.join('.') || '_'] = [NUL_MESSAGE];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findNul(item, [...path, String(i)], errors));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) errors[[...path, key.replaceAll(NUL, '\\0')].join('.')] = [NUL_MESSAGE];
      else findNul(item, [...path, key], errors);
    }
  }
}
