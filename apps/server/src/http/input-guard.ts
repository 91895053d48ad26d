import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** PostgreSQL's text cannot hold U+0000: a string carrying one would fail its statement with a 500. */
const NUL = '\u0000';
export const NUL_MESSAGE = 'Must not contain a NUL character (U+0000).';
/**
 * Half of a UTF-16 surrogate pair (a character cut in two): JSON.stringify writes it as an escape that
 * PostgreSQL's jsonb refuses (a 500 where labels, reasons and the audit log's details are stored), and a
 * text column would store U+FFFD in its place.
 */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Text with every half of a surrogate pair written as U+FFFD, for words the product keeps but did not ask for. */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATES, '\ufffd');
export const SURROGATE_MESSAGE = 'Must not contain half of a character (a lone UTF-16 surrogate).';
/** Answers nest a few levels (a block of a repeated group); a body ten times deeper is not from the form. */
export const MAX_BODY_DEPTH = 32;
export const DEPTH_MESSAGE = `Must not be nested more than ${MAX_BODY_DEPTH} levels deep.`;

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
 * One check for every route, before any of them runs: a JSON body nested deeper than MAX_BODY_DEPTH (every
 * walk over it, this one and each route's own, would run out of stack: a 500) and a NUL character or half a
 * surrogate pair in the query, a path parameter or anywhere in a JSON body (a key or a value, at any depth)
 * are answered 400 BAD_REQUEST naming the field, and nothing is stored. Other control characters and long
 * strings are each route's own rules (zod limits), since PostgreSQL stores them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before any route's own hooks (sessions, staff) touch the database.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (deeperThan(request.body, MAX_BODY_DEPTH)) throw new AppError('BAD_REQUEST', { errors: { _: [DEPTH_MESSAGE] } });
    const errors: Record<string, string[]> = {};
    const parts = request.routeOptions.config.checksAnswerTextItself
      ? [request.params, request.query]
      : [request.params, request.query, request.body];
    for (const part of parts) findUnstorable(part, [], errors);
    if (Object.keys(errors).length) throw new AppError('BAD_REQUEST', { errors });
  });
}

function unstorable(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

/** A key shown in a field's name: NUL and lone surrogates written out, so the answer itself is valid JSON text. */
const shown = (key: string) =>
  key.replaceAll(NUL, '\\0').replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

function findUnstorable(value: unknown, path: string[], errors: Record<string, string[]>): void {
  if (typeof value === 'string') {
    const message = unstorable(value);
    if (message) errors[path.join('.') || '_'] = [message];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findUnstorable(item, [...path, String(i)], errors));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const message = unstorable(key);
      if (message) errors[[...path, shown(key)].join('.')] = [message];
      else findUnstorable(item, [...path, key], errors);
    }
  }
}

/** Whether a parsed JSON value nests deeper than `max` objects and arrays; walked without recursion. */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
