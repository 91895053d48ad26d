import { randomUUID } from 'node:crypto';
import {
  RECOMMENDER_REPLACEMENT_DELAY_MINUTES,
  RECOMMENDATION_LINK_DAYS,
  RECOMMENDATION_REMINDER_GAP_HOURS,
  RECOMMENDER_PREFIXES,
  type RecommenderPrefix,
  type RecommenderState,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { DAY, HOUR } from '../../infra/time-units';
import { findApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { queueLetterRequest } from './letter-mail-jobs';
import { countRecommenderMail, lockApplicationLetters } from './recommendation-limits';
import {
  currentRequests,
  insertRequest,
  recordApplicantReminder,
  retireCurrent,
  type RequestRow,
} from './recommendation-repository';
import { recommenderName, shownRecommenders, type RecommenderAnswer } from './recommender-answers';

interface Log {
  warn(obj: object, msg: string): void;
}

/** When the applicant may next remind: a day after the request or the last reminder. */
const nextReminderAt = (r: RequestRow) =>
  new Date(
    Math.max(r.requested_at.getTime(), r.last_reminder_at?.getTime() ?? 0) + RECOMMENDATION_REMINDER_GAP_HOURS * HOUR,
  );

/** The current request belongs to the recommender the answers name now (same address). */
const matches = (request: RequestRow | undefined, answer: RecommenderAnswer): request is RequestRow =>
  request !== undefined && request.email_norm === answer.emailNorm;

/** A request whose 60 days passed with no answer is over: the recommender may be asked again. */
const lapsed = (request: RequestRow, now: Date) => request.status === 'REQUESTED' && request.expires_at <= now;

function stateOf(answer: RecommenderAnswer, request: RequestRow | undefined, now: Date): RecommenderState {
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  if (!matches(request, answer) || request.status === 'CANCELLED' || lapsed(request, now)) {
    return {
      prefix: answer.prefix,
      status: 'NOT_REQUESTED',
      name: '',
      email: '',
      requested_at: null,
      received_at: null,
      declined_at: null,
      decline_reason: '',
      can_request: answer.ready,
      can_remind: false,
      next_reminder_at: null,
    };
  }
  const waiting = request.status === 'REQUESTED';
  const next = nextReminderAt(request);
  return {
    prefix: answer.prefix,
    status: request.status,
    name: recommenderName(request.recommender),
    email: request.email,
    requested_at: iso(request.requested_at),
    received_at: request.status === 'RECEIVED' ? iso(request.responded_at) : null,
    declined_at: request.status === 'DECLINED' ? iso(request.responded_at) : null,
    decline_reason: request.status === 'DECLINED' ? request.decline_reason : '',
    can_request: false,
    can_remind: waiting && next <= now,
    next_reminder_at: waiting ? next.toISOString() : null,
  };
}

/** GET /api/recommendations: each recommender the form shows, and where their letter stands. Never the letter itself. */
export async function recommendationStates(deps: AppDeps, ctx: FormContext, userId: string) {
  const [app, requests] = await Promise.all([findApplication(deps.db, userId), currentRequests(deps.db, userId)]);
  const byPrefix = new Map(requests.map((r) => [r.prefix, r]));
  const now = deps.clock.now();
  return {
    recommenders: shownRecommenders(ctx.form, app?.answers ?? {}).map((a) => stateOf(a, byPrefix.get(a.prefix), now)),
  };
}

/** Starts a new request for the slot (retiring its current one), counted against the mail limits. */
async function startRequest(deps: AppDeps, tx: Queryable, userId: string, answer: RecommenderAnswer, now: Date) {
  await retireCurrent(tx, userId, answer.prefix, now);
  await countRecommenderMail(tx, userId, answer.emailNorm, 'request', now);
  const id = randomUUID();
  await insertRequest(tx, {
    id,
    userId,
    prefix: answer.prefix,
    email: answer.email,
    emailNorm: answer.emailNorm,
    recommender: answer.details,
    now,
    expiresAt: new Date(now.getTime() + RECOMMENDATION_LINK_DAYS * DAY),
  });
  return id;
}

/**
 * Queues the mails of requests just committed. A request whose mail cannot be
 * queued is withdrawn, so it never shows as Requested with no mail sent, and
 * the applicant can ask again.
 */
async function sendQueued(deps: AppDeps, requestIds: readonly string[], reminder: boolean) {
  for (const id of requestIds) {
    try {
      await queueLetterRequest(deps, id, reminder);
    } catch (err) {
      if (!reminder) {
        await deps.db.query(
          `UPDATE recommendation_requests SET status = 'CANCELLED', current = false, updated_at = $2 WHERE id = $1`,
          [id, deps.clock.now()],
        );
      }
      throw err;
    }
  }
}

/**
 * POST /api/recommendations/{prefix}/request: e-mails the recommender a
 * link, once their names and address are valid. Pressing it again for the
 * same address changes nothing; a new address replaces the request.
 */
export async function requestLetter(deps: AppDeps, ctx: FormContext, userId: string, prefix: RecommenderPrefix) {
  const now = deps.clock.now();
  const started = await deps.db.transaction(async (tx) => {
    await lockApplicationLetters(tx, userId);
    const answers = (await findApplication(tx, userId))?.answers ?? {};
    const answer = shownRecommenders(ctx.form, answers).find((a) => a.prefix === prefix);
    if (!answer) throw new AppError('NOT_FOUND');
    if (!answer.ready) throw new AppError('RECOMMENDER_NOT_READY');
    const current = (await currentRequests(tx, userId)).find((r) => r.prefix === prefix);
    if (matches(current, answer) && !lapsed(current, now)) {
      // This recommender said no: asking again is for another recommender.
      if (current.status === 'DECLINED') throw new AppError('RECOMMENDER_DECLINED');
      return [];
    }
    return [await startRequest(deps, tx, userId, answer, now)];
  });
  await sendQueued(deps, started, false);
}

/** How long after an address change the new recommender is asked, if the applicant has not asked first. */
export const REPLACEMENT_DELAY_SECONDS = RECOMMENDER_REPLACEMENT_DELAY_MINUTES * 60;

/**
 * After a save that may change a recommender: a request whose recommender is
 * gone (program changed) or replaced (another address) is retired, its links
 * dead at once. A replaced recommender who had not answered yet is replaced
 * by a request to the new address, sent when the applicant presses Send
 * request, at submission, or at the latest REPLACEMENT_DELAY_SECONDS later:
 * the answers are saved while the applicant types, and a request must not go
 * to every address half typed on the way. A letter that already arrived stays
 * for the office; the new recommender is asked when the applicant asks.
 */
export async function syncRecommenders(deps: AppDeps, ctx: FormContext, userId: string): Promise<void> {
  // Most saves of a controlling answer come from applicants who asked no one yet: one indexed read, no lock.
  const { rows } = await deps.db.query('SELECT 1 FROM recommendation_requests WHERE user_id = $1 AND current LIMIT 1', [
    userId,
  ]);
  if (rows.length === 0) return;
  const now = deps.clock.now();
  const replaced = await deps.db.transaction(async (tx) => {
    await lockApplicationLetters(tx, userId);
    const requests = await currentRequests(tx, userId);
    if (requests.length === 0) return [];
    const answers = (await findApplication(tx, userId))?.answers ?? {};
    const shown = new Map(shownRecommenders(ctx.form, answers).map((a) => [a.prefix, a]));
    const prefixes: RecommenderPrefix[] = [];
    for (const request of requests) {
      const answer = shown.get(request.prefix);
      if (answer && matches(request, answer)) continue;
      await retireCurrent(tx, userId, request.prefix, now);
      if (answer && request.status === 'REQUESTED' && !lapsed(request, now)) prefixes.push(request.prefix);
    }
    return prefixes;
  });
  for (const prefix of replaced) {
    await deps.jobs.send(LETTER_REPLACEMENT_QUEUE, { userId, prefix } satisfies ReplacementJob, {
      startAfter: REPLACEMENT_DELAY_SECONDS,
    });
  }
}

export const LETTER_REPLACEMENT_QUEUE = 'letter-replacement';
export interface ReplacementJob {
  userId: string;
  prefix: RecommenderPrefix;
}

/** The delayed request after a replacement: to the address saved by then, unless it went already. */
export async function sendReplacementRequest(deps: AppDeps, ctx: FormContext, job: ReplacementJob, log: Log) {
  try {
    await requestLetter(deps, ctx, job.userId, job.prefix);
  } catch (err) {
    // Not shown, not ready, declined, or a limit: nothing to send; the applicant sees the status.
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'RATE_LIMITED') log.warn({ userId: job.userId }, 'replacement recommender not asked: mail limit');
  }
}

/** At submission, at the latest, every recommender the application names is asked. */
export async function requestAllOnSubmission(deps: AppDeps, ctx: FormContext, userId: string, log: Log) {
  for (const prefix of RECOMMENDER_PREFIXES) {
    try {
      await requestLetter(deps, ctx, userId, prefix);
    } catch (err) {
      // Not shown or not ready (no letters asked), or declined. A limit: the applicant can still ask later.
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'RATE_LIMITED') log.warn({ userId, prefix }, 'recommender not asked at submission: mail limit');
    }
  }
}

/** POST /api/recommendations/{prefix}/reminder: one a day, while no letter or decline has arrived. */
export async function remindRecommender(deps: AppDeps, ctx: FormContext, userId: string, prefix: RecommenderPrefix) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await lockApplicationLetters(tx, userId);
    const answers = (await findApplication(tx, userId))?.answers ?? {};
    const answer = shownRecommenders(ctx.form, answers).find((a) => a.prefix === prefix);
    const request = (await currentRequests(tx, userId)).find((r) => r.prefix === prefix);
    if (!answer || !matches(request, answer)) throw new AppError('NOT_FOUND');
    if (request.status !== 'REQUESTED' || lapsed(request, now)) throw new AppError('NOT_FOUND');
    const next = nextReminderAt(request);
    if (next > now) {
      throw new AppError('REMINDER_TOO_SOON', {
        retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
      });
    }
    await countRecommenderMail(tx, userId, request.email_norm, 'reminder', now);
    await recordApplicantReminder(tx, request.id, now);
    return request.id;
  });
  await sendQueued(deps, [id], true);
}

/** A request follows its recommender's e-mail address (`matches`): names and the rest can change freely. */
const RECOMMENDER_EMAIL_KEYS: ReadonlySet<string> = new Set(RECOMMENDER_PREFIXES.map((prefix) => `${prefix}email`));

/** Whether a save touched an answer that can change who the recommenders are: an address, or what shows one. */
export function touchesRecommenders(ctx: FormContext, keys: readonly string[]): boolean {
  return keys.some((k) => RECOMMENDER_EMAIL_KEYS.has(k) || ctx.controllers.has(k));
}
