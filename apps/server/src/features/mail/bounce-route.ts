import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { bearerMatches } from '../operations';
import { BOUNCE_TRACKED_KIND, taggedRequests } from './bounce-tag';
import { readDeliveryReport } from './delivery-report';
import { mailQueueReady, type MailRefusalHandlers } from './mail-jobs';

export const BOUNCES_PATH = '/api/mail/bounces';

/**
 * What became of a bounce: `address_problem` (a letter request's address is
 * now a problem), `unchanged` (already marked, or the request was replaced,
 * answered or withdrawn), `no_failure` (a delay warning), `unknown_message`
 * (no valid tag: not a mail this server tracks).
 */
export type BounceOutcome = 'address_problem' | 'unchanged' | 'no_failure' | 'unknown_message';

/** A report with the whole original mail attached stays far below this; anything bigger is not a bounce of ours. */
const BOUNCE_BODY_LIMIT = 2 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route authenticates by a bearer token, not a cookie: no browser can forge it, so no origin is asked for. */
    bearerAuthenticated?: boolean;
  }
}

/**
 * POST /api/mail/bounces (decision 054): the MTA (a Postfix pipe, or a mail
 * provider's inbound webhook) hands in each bounce as the raw message, with
 * `Authorization: Bearer <BOUNCE_TOKEN>`. Every readable report answers 200,
 * whether or not it changed anything, so the MTA does not retry; only a bad
 * token (401) and a body that is not a delivery report (400
 * BOUNCE_NOT_A_REPORT) are refused. The feature that tracks the mail's kind
 * records the problem exactly as for an SMTP 5xx (its refusal handler).
 */
export function bounceRoute(deps: AppDeps, token: string, refusals: MailRefusalHandlers) {
  const refused = refusals[BOUNCE_TRACKED_KIND];
  return async (app: FastifyInstance) => {
    // Before the body is read: a caller without the token gets nothing parsed.
    app.addHook('onRequest', async (request) => {
      if (!bearerMatches(request.headers.authorization, token)) throw new AppError('UNAUTHORIZED');
    });
    app.addContentTypeParser(
      ['message/rfc822', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: BOUNCE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post(BOUNCES_PATH, { config: { bearerAuthenticated: true } }, async (request) => {
      // The raw message only (message/rfc822): a JSON body is a client that misread the call.
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const report = await readDeliveryReport(request.body);
      if (!report) throw new AppError('BOUNCE_NOT_A_REPORT');
      const outcome = await apply(report);
      request.log.info({ outcome, recipient: report.failure?.recipient }, 'bounce read');
      return { outcome };

      async function apply({ failure, references }: NonNullable<typeof report>): Promise<BounceOutcome> {
        if (!failure) return 'no_failure';
        const requests = taggedRequests(deps.secretKey, references);
        if (!requests.length || !refused) return 'unknown_message';
        await mailQueueReady(deps);
        let changed = false;
        for (const requestId of requests) {
          if (await refused({ kind: BOUNCE_TRACKED_KIND, requestId }, failure.reason)) changed = true;
        }
        return changed ? 'address_problem' : 'unchanged';
      }
    });
  };
}
