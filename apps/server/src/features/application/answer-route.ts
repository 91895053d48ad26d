import type { FastifyInstance } from 'fastify';
import { invalidDateKeys } from '@admissions/domain';
import { answerBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { checkNamedApplication, namedApplication } from '../../session/application-header';
import { requireSession, sessionOf } from '../../session/require-session';
import { hashToken } from '../../session/secrets';
import { clearSessionCookies, readSessionCookie } from '../../session/session-cookies';
import { refusalOf } from '../cycles';
import { touchesRecommenders, syncRecommenders } from '../recommendations';
import { checkAnswerPayload } from './check-answer-payload';
import type { FormContext } from '../../core/form-context';
import { needsStoredAnswers, saveAnswers } from './save-answers';
import { createInSessionSaver } from './save-answers-in-session';

const SAVED = { message: 'Your answers have been saved.' };

/**
 * Per-session limits on saves (issue 11): far above what anyone typing
 * needs, far below what fills a disk. Shared by every process (issue 31,
 * decision 046), claimed in leases so that the batched save keeps its single
 * round trip (docs/decisions/008) for all but one save in 30.
 */
export const ANSWER_SAVE_LIMITS = { savesPerMinute: 600, bytesPerMinute: 2 * 1024 * 1024 } as const;
const SAVES_LEASE = 30;
const BYTES_LEASE = 128 * 1024;

/**
 * PUT /api/answer: merges the given answers into the applicant's saved answers.
 * It checks the session itself rather than through the /api preHandler, so
 * that the common save (no clearing rule involved) shares one database round
 * trip with the saves made at the same moment: see save-answers-in-session.ts
 * and bench/answer-save.bench.ts.
 */
export function answerRoute(deps: AppDeps, ctx: FormContext) {
  const checkSession = requireSession(deps);
  const saveInSession = createInSessionSaver(deps.db, deps.clock, deps.config.staffAuth);
  const secure = deps.config.publicUrl.protocol === 'https:';
  const saves = createSharedRateLimit(deps.db, {
    name: 'answer-saves',
    max: ANSWER_SAVE_LIMITS.savesPerMinute,
    windowMs: MINUTE,
    lease: SAVES_LEASE,
  });
  const bytes = createSharedRateLimit(deps.db, {
    name: 'answer-bytes',
    max: ANSWER_SAVE_LIMITS.bytesPerMinute,
    windowMs: MINUTE,
    lease: BYTES_LEASE,
  });
  return async (app: FastifyInstance) => {
    app.put('/answer', { config: { checksAnswerTextItself: true } }, async (req, reply) => {
      const cookie = readSessionCookie(req, secure);
      if (!cookie) {
        clearSessionCookies(reply, secure);
        throw new AppError('UNAUTHORIZED');
      }
      const idHash = hashToken(cookie);
      const now = deps.clock.now().getTime();
      await saves.hit(idHash, now);
      await bytes.hit(idHash, now, Number(req.headers['content-length'] ?? 0));
      let changes;
      try {
        changes = parseBody(answerBody, req.body);
        checkAnswerPayload(ctx, changes);
        // SPEC section 5: an invalid date clears the stored answer rather than keeping nonsense.
        for (const key of invalidDateKeys(ctx.form, changes)) changes[key] = '';
      } catch (err) {
        // Without a live session the answer is 401, as for every /api call, whatever the body:
        // a client whose session ran out must be sent to log in, not shown a validation error.
        await checkSession(req, reply);
        throw err;
      }
      // Hideable answers too: one sent by a stale tab must be cleared if its question is hidden now.
      if (needsStoredAnswers(ctx, changes)) {
        await checkSession(req, reply);
        checkNamedApplication(req, reply);
        const { userId } = sessionOf(req);
        await saveAnswers(deps, ctx, userId, changes).catch(async (err: unknown) => {
          throw err instanceof AppError && err.code === 'APPLICATION_SUBMITTED' ? await refusalOf(deps, userId) : err;
        });
        // A replaced recommender's link dies now; the new one is asked soon after (issue 14).
        if (touchesRecommenders(ctx, Object.keys(changes))) await syncRecommenders(deps, ctx, userId);
        return SAVED;
      }
      const result = await saveInSession(idHash, changes, namedApplication(req));
      if (result === 'no-session') {
        clearSessionCookies(reply, secure);
        throw new AppError('UNAUTHORIZED');
      }
      if (result === 'changed') throw new AppError('APPLICATION_CHANGED');
      if (result === 'submitted') {
        await checkSession(req, reply);
        throw await refusalOf(deps, sessionOf(req).userId);
      }
      return SAVED;
    });
  };
}
