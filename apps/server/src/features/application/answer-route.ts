import type { FastifyInstance } from 'fastify';
import { answerBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../accounts/require-session';
import { checkAnswerPayload } from './check-answer-payload';
import type { FormContext } from './form-context';
import { saveAnswers } from './save-answers';

/** PUT /api/answer: merges the given answers into the applicant's saved answers. */
export function answerRoute(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.put('/answer', async (req) => {
      const { userId } = sessionOf(req);
      const changes = parseBody(answerBody, req.body);
      checkAnswerPayload(ctx, changes);
      await saveAnswers(deps, ctx, userId, changes);
      return { message: 'Your answers have been saved.' };
    });
  };
}
