import { type PresignedUrlResponse, type RecommendationView } from '@admissions/domain';
import {
  recommendationDeclineBody,
  recommendationLetterFileBody,
  recommendationLetterTextBody,
  recommendationTokenBody,
} from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { hitRateLimit, type RateLimit } from '../../http/rate-limit';
import { MINUTE } from '../../infra/time-units';
import { readableRequest, viewOf } from './letter-link';
import { declineLetter, writeLetter } from './letter-responses';
import { createLetterUploadForm, startLetterConversion } from './letter-upload';
import { markOpened } from './letter-tracking';

/** Per client address: enough for a page that polls a conversion, far too few to guess a 256-bit token. */
export const RECOMMENDER_CALL_LIMIT: RateLimit = { name: 'recommendation', max: 120, windowMs: MINUTE };

/**
 * The recommender's calls under /public/recommendation: no account, the
 * e-mailed link's token in the JSON body. Each answers the page's state.
 */
export function recommenderRoutes(deps: AppDeps) {
  const limit = (req: FastifyRequest) => hitRateLimit(deps.db, RECOMMENDER_CALL_LIMIT, req.ip, deps.clock.now());
  const view = async (token: string): Promise<RecommendationView> =>
    viewOf(deps, await readableRequest(deps.db, token, deps.clock.now()));

  return async (app: FastifyInstance) => {
    app.post('/recommendation/open', async (req) => {
      await limit(req);
      const request = await readableRequest(
        deps.db,
        parseBody(recommendationTokenBody, req.body).token,
        deps.clock.now(),
      );
      // The applicant and the office see that the recommender opened the link (decision 044).
      await markOpened(deps.db, request, deps.clock.now());
      return viewOf(deps, request);
    });

    app.post('/recommendation/upload-form', async (req): Promise<PresignedUrlResponse> => {
      await limit(req);
      return createLetterUploadForm(deps, parseBody(recommendationTokenBody, req.body).token);
    });

    app.post('/recommendation/letter-file', async (req) => {
      await limit(req);
      const body = parseBody(recommendationLetterFileBody, req.body);
      await startLetterConversion(deps, body, req.log);
      return view(body.token);
    });

    app.post('/recommendation/letter-text', async (req) => {
      await limit(req);
      const { token, text } = parseBody(recommendationLetterTextBody, req.body);
      return viewOf(deps, { ...(await writeLetter(deps, token, text, req.log)), status: 'RECEIVED' });
    });

    app.post('/recommendation/decline', async (req) => {
      await limit(req);
      const { token, reason } = parseBody(recommendationDeclineBody, req.body);
      return viewOf(deps, { ...(await declineLetter(deps, token, reason, req.log)), status: 'DECLINED' });
    });
  };
}
