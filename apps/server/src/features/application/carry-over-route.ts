import type { FastifyInstance } from 'fastify';
import { clearAnswers, invalidDateKeys, planCarryOver, type Answers, type CarryOverResponse } from '@admissions/domain';
import { carryOverBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { mergeAnswers } from '../../core/application-repository';
import { checkAnswerPayload } from './check-answer-payload';
import type { FormContext } from '../../core/form-context';
import { lockAnswers } from './lock-answers';

/**
 * POST /api/carry-over (see CarryOverResponse): a visitor's answers join the
 * account at login without overwriting anything. Under the row lock it fills
 * the questions the account has not answered (clearing what that hides, as
 * every save does) and reports the differing ones; a submitted application
 * takes nothing.
 */
export function carryOverRoute({ db, clock }: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.post('/carry-over', { config: { checksAnswerTextItself: true } }, async (req): Promise<CarryOverResponse> => {
      const { userId } = sessionOf(req);
      const { answer } = parseBody(carryOverBody, req.body);
      // Answers typed against an older form may name keys it no longer has: those are dropped, not refused.
      const carried: Answers = Object.fromEntries(Object.entries(answer).filter(([key]) => ctx.maxLengths.has(key)));
      checkAnswerPayload(ctx, carried);
      for (const key of invalidDateKeys(ctx.form, carried)) carried[key] = '';
      return db.transaction(async (tx): Promise<CarryOverResponse> => {
        const now = clock.now();
        const stored = await lockAnswers(tx, userId, now);
        if (stored === 'submitted') return { status: 'submitted' };
        const { fill, conflicts } = planCarryOver(ctx.form, stored, carried);
        const { cleared } = clearAnswers(stored, { ...stored, ...fill }, ctx.form);
        const filled = { ...fill, ...Object.fromEntries(cleared.map((k) => [k, ''])) };
        if (Object.keys(filled).length > 0) await mergeAnswers(tx, userId, filled, now);
        return { status: 'merged', filled, conflicts };
      });
    });
  };
}
