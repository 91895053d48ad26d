import type { FastifyInstance } from 'fastify';
import {
  isValidEmail,
  normalizeEmail,
  TEMPORARY_ANSWERS_TTL_DAYS,
  type TemporaryAnswersCreated,
  type TemporaryAnswersResponse,
} from '@admissions/domain';
import { temporaryAnswersBody } from '@admissions/domain/schemas';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { hitRateLimit } from '../../http/rate-limit';
import { claimMailSlot } from '../accounts';
import { generateToken, hashToken } from '../../session/secrets';
import { checkAnswerPayload } from './check-answer-payload';
import type { FormContext } from '../../core/form-context';
import { enqueueMail, resumeLinkMail } from '../mail';
import { mailIpLimit } from '../../session/account-limits';
import { findTemporaryAnswers, insertTemporaryAnswers } from './temporary-answers-repository';
import { DAY, MINUTE } from '../../infra/time-units';

/**
 * Visitor answer sets per client address (sliding windows): twenty a minute
 * and two hundred a day are plenty for people; a script filling the table for
 * 30 days is not.
 */
const SAVE_LIMIT = { name: 'tmp-save', max: 20, windowMs: MINUTE };
const DAILY_SAVE_LIMIT = { name: 'tmp-save-day', max: 200, windowMs: DAY };
const tokenQuery = z.object({ token: z.string().min(20).max(100) });

/**
 * A visitor's answers kept for 30 days behind a random resume link, shown on
 * screen and optionally e-mailed. Only the token's hash is stored.
 */
export function temporaryAnswersRoutes(deps: AppDeps, ctx: FormContext) {
  const { db, clock, config } = deps;
  return async (app: FastifyInstance) => {
    app.post('/tmp', { config: { checksAnswerTextItself: true } }, async (req): Promise<TemporaryAnswersCreated> => {
      await hitRateLimit(db, SAVE_LIMIT, req.ip, clock.now());
      await hitRateLimit(db, DAILY_SAVE_LIMIT, req.ip, clock.now());
      const { answer, email } = parseBody(temporaryAnswersBody, req.body);
      checkAnswerPayload(ctx, answer);
      if (email !== undefined && !isValidEmail(email)) {
        throw new AppError('VALIDATION_FAILED', { errors: { email: ['Your email address must be valid.'] } });
      }
      const now = clock.now();
      if (email) {
        await hitRateLimit(db, mailIpLimit(config), req.ip, now);
        await claimMailSlot(db, normalizeEmail(email), 'resume', now);
      }
      const token = generateToken();
      const expiresAt = new Date(now.getTime() + TEMPORARY_ANSWERS_TTL_DAYS * DAY);
      await insertTemporaryAnswers(db, { tokenHash: hashToken(token), answers: answer, now, expiresAt });
      const url = new URL('/about', config.publicUrl);
      url.searchParams.set('token', token);
      if (email)
        await enqueueMail(deps, {
          kind: 'message',
          message: resumeLinkMail(config.tenant, email, url.toString(), expiresAt),
        });
      return {
        message: email
          ? 'Your answers are saved. We have e-mailed you a link to come back to them.'
          : 'Your answers are saved. Keep this link to come back to them.',
        token,
        url: url.toString(),
        expires_at: expiresAt.toISOString(),
      };
    });

    app.get('/tmp', async (req): Promise<TemporaryAnswersResponse> => {
      const parsed = tokenQuery.safeParse(req.query);
      const found = parsed.success
        ? await findTemporaryAnswers(db, hashToken(parsed.data.token), clock.now())
        : undefined;
      if (!found) {
        throw new AppError('NOT_FOUND', { message: 'This link to saved answers is invalid or has expired.' });
      }
      return { answer: found.answers, expires_at: new Date(found.expires_at).toISOString() };
    });
  };
}
