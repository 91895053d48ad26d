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
 * Every error answer is JSON with a stable code and a message for the user.
 * Unexpected errors are logged in full and masked: no stack or internal
 * detail ever leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (err.code && FASTIFY_CODES[err.code]) {
      appError = new AppError(FASTIFY_CODES[err.code]!);
    } else if (isDatabaseUnavailable(err)) {
      // An outage, not a bug: the client is told to come back, and the pool reconnects by itself.
      request.log.warn({ err }, 'database unavailable');
      appError = new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      if (request.url.startsWith(ASSET_PREFIX)) {
        // The static plugin refuses a path it will not serve (a '..', a folder) with 403 or 400: to a
        // client, that file is simply not there, as for a name that does not exist (web-app.ts).
        appError = noSuchAsset(request.url);
      } else {
        request.log.info({ err }, 'client error');
        appError = new AppError(err.statusCode === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST');
      }
    } else {
      request.log.error({ err }, 'unexpected error');
      appError = new AppError('INTERNAL');
    }
    if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
    // A 5xx carries the request's id, so an applicant's screenshot leads to its log lines (request-id.ts).
    const body = appError.statusCode >= 500 ? { ...appError.toBody(), request_id: request.id } : appError.toBody();
    return reply.status(appError.statusCode).send(body);
  });
}
