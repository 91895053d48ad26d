import { randomUUID } from 'node:crypto';
import { type ClientErrorResponse } from '@admissions/domain';
import { clientErrorBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { hitRateLimit, type RateLimit } from '../../http/rate-limit';
import { MINUTE } from '../../infra/time-units';

/** A page that keeps failing reports a few times a minute at most; more would only fill the log. */
export const CLIENT_ERROR_LIMIT: RateLimit = { name: 'client-error', max: 10, windowMs: MINUTE };

/**
 * POST /public/client-error (see ClientErrorBody): logs a browser's render
 * failure with its route and a request id of its own, which the error screen
 * shows as the reference to quote. Rate-limited per client address. Public,
 * because a screen can fail before anyone logs in.
 */
export function clientErrorRoute({ db, clock }: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/client-error', async (req, reply): Promise<ClientErrorResponse> => {
      await hitRateLimit(db, CLIENT_ERROR_LIMIT, req.ip, clock.now());
      const { message, route, stack } = parseBody(clientErrorBody, req.body);
      const requestId = randomUUID();
      req.log.error(
        { requestId, route, clientError: { message, stack }, userAgent: req.headers['user-agent'] },
        'client error: a page failed to render in the browser',
      );
      reply.code(202);
      return { request_id: requestId };
    });
  };
}
