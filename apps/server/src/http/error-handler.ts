import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../infra/db/database-unavailable';
import { ASSET_PREFIX, noSuchAsset } from './api-paths';
import { AppError } from './app-error';

/** Fastify's own errors that are the client's fault, mapped to our stable codes. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/**
 * The answer for what was thrown, by its stable code: an AppError as it is; Fastify's own client errors mapped; a
 * database outage 503 with Retry-After; another 4xx BAD_REQUEST (RATE_LIMITED for a 429); anything else INTERNAL.
 * The same for the answer and for the audit row of a refused API call (api-tokens), so both say the same code.
 */
export function answerFor(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as Partial<FastifyError>;
  if (e.code && FASTIFY_CODES[e.code]) return new AppError(FASTIFY_CODES[e.code]!);
  // An outage, not a bug: the client is told to come back, and the pool reconnects by itself.
  if (isDatabaseUnavailable(err))
    return new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new AppError(e.statusCode === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST');
  return new AppError('INTERNAL');
}

/**
 * Every error answer is JSON with a stable code and a message for the user.
 * Unexpected errors are logged in full and masked: no stack or internal
 * detail ever leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let appError = answerFor(err);
    if (!(err instanceof AppError) && !(err.code && FASTIFY_CODES[err.code])) {
      if (appError.code === 'SERVICE_UNAVAILABLE') request.log.warn({ err }, 'database unavailable');
      else if (appError.code === 'INTERNAL') request.log.error({ err }, 'unexpected error');
      else if (request.url.startsWith(ASSET_PREFIX))
        // The static plugin refuses a path it will not serve (a '..', a folder) with 403 or 400: to a
        // client, that file is simply not there, as for a name that does not exist (web-app.ts).
        appError = noSuchAsset(request.url);
      else request.log.info({ err }, 'client error');
    }
    if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
    // A 5xx carries the request's id, so an applicant's screenshot leads to its log lines (request-id.ts).
    const body = appError.statusCode >= 500 ? { ...appError.toBody(), request_id: request.id } : appError.toBody();
    return reply.status(appError.statusCode).send(body);
  });
}
