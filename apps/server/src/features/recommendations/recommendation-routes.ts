import { type RecommendationsResponse } from '@admissions/domain';
import { recommendationRequestBody, recommenderAddressBody, recommenderPrefix } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import type { FormContext } from '../../core/form-context';
import { recommendationStates, remindRecommender, requestLetter } from './letter-requests';
import { changeRecommenderAddress } from './letter-tracking';

const prefixOf = (req: FastifyRequest) => {
  const parsed = recommenderPrefix.safeParse((req.params as { prefix: string }).prefix);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
};

/**
 * The applicant's letter calls under /api/recommendations: where each letter
 * stands, the request, and a reminder. They work after submission too, when
 * most letters arrive. None ever answers a letter's content.
 */
export function recommendationRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/recommendations', async (req): Promise<RecommendationsResponse> =>
      recommendationStates(deps, ctx, sessionOf(req).userId),
    );

    app.post('/recommendations/:prefix/request', async (req): Promise<RecommendationsResponse> => {
      const { userId } = sessionOf(req);
      const prefix = prefixOf(req);
      // Optionally other applications of the account, asked for in the same mail (issue 42).
      const { also_for = [] } = parseBody(recommendationRequestBody, req.body);
      await requestLetter(deps, ctx, userId, prefix, also_for);
      return recommendationStates(deps, ctx, userId);
    });

    app.put('/recommendations/:prefix/address', async (req): Promise<RecommendationsResponse> => {
      const { userId } = sessionOf(req);
      const prefix = prefixOf(req);
      const { email } = parseBody(recommenderAddressBody, req.body);
      await changeRecommenderAddress(deps, ctx, userId, prefix, email);
      return recommendationStates(deps, ctx, userId);
    });

    app.post('/recommendations/:prefix/reminder', async (req): Promise<RecommendationsResponse> => {
      const { userId } = sessionOf(req);
      await remindRecommender(deps, ctx, userId, prefixOf(req));
      return recommendationStates(deps, ctx, userId);
    });
  };
}
