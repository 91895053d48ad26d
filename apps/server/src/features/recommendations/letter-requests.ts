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
import { otherProgramsOfGroups } from './letter-group';
import { copyRecommenderAnswers, otherApplicationsNamed, type OtherApplication } from './letter-applications';
import { queueLetterRequest } from './letter-mail-jobs';
import { countGroupedRequest, countRecommenderMail, lockApplicationLetters } from './recommendation-limits';
import {
  currentRequests,
  insertRequest,
  recordApplicantReminder,
  recordGroupReminder,
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

function stateOf(
  answer: RecommenderAnswer,
  request: RequestRow | undefined,
  now: Date,
  alsoFor: ReadonlyMap<string, string[]>,
): RecommenderState {
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
      also_for_programs: [],
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
    also_for_programs: alsoFor.get(request.id) ?? [],
  };
}

/** GET /api/recommendations: each recommender the form shows, and where their letter stands. Never the letter itself. */
export async function recommendationStates(deps: AppDeps, ctx: FormContext, userId: string) {
  const [app, requests] = await Promise.all([findApplication(deps.db, userId), currentRequests(deps.db, userId)]);
  const byPrefix = new Map(requests.map((r) => [r.prefix, r]));
  const alsoFor = await otherProgramsOfGroups(deps.db, deps.config.tenant, requests);
  const now = deps.clock.now();
  return {
    recommenders: shownRecommenders(ctx.form, app?.answers ?? {}).map((a) =>
      stateOf(a, byPrefix.get(a.prefix), now, alsoFor),
    ),
  };
}

/**
 * Starts a new request for the slot (retiring its current one), counted against the mail limits. A request of
 * a group (asked in the mail of the group's first, `letterGroup`) is counted against its own application only.
 */
async function startRequest(
  tx: Queryable,
  userId: string,
  answer: RecommenderAnswer,
  now: Date,
  id: string = randomUUID(),
  letterGroup: string | null = null,
) {
  await retireCurrent(tx, userId, answer.prefix, now);
  if (letterGroup !== null && letterGroup !== id) await countGroupedRequest(tx, userId, answer.emailNorm, now);
  else await countRecommenderMail(tx, userId, answer.emailNorm, 'request', now);
  await insertRequest(tx, {
    id,
    userId,
    prefix: answer.prefix,
    email: answer.email,
    emailNorm: answer.emailNorm,
    recommender: answer.details,
    now,
    expiresAt: new Date(now.getTime() + RECOMMENDATION_LINK_DAYS * DAY),
    letterGroup,
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
        // A group's requests were all asked in this one mail (their letter_group is its request's id).
        await deps.db.query(
          `UPDATE recommendation_requests SET status = 'CANCELLED', current = false, updated_at = $2
           WHERE id = $1 OR letter_group = $1`,
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
 * `alsoFor` (issue 42) names other applications of the account to ask the
 * same recommender for in the same mail (letter-group.ts); all of them change
 * in this one transaction, or none does.
 */
export async function requestLetter(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  prefix: RecommenderPrefix,
  alsoFor: readonly string[] = [],
) {
  const now = deps.clock.now();
  const started = await deps.db.transaction(async (tx) => {
    const others = await otherApplicationsNamed(tx, userId, deps.config.tenant.cycle.id, alsoFor);
    // Every application whose letters change is locked, in one order: two requests that name each other's
    // applications wait for each other instead of deadlocking.
    for (const id of [userId, ...others.map((o) => o.id)].sort()) await lockApplicationLetters(tx, id);
    const answers = (await findApplication(tx, userId))?.answers ?? {};
    const answer = shownRecommenders(ctx.form, answers).find((a) => a.prefix === prefix);
    if (!answer) throw new AppError('NOT_FOUND');
    if (!answer.ready) throw new AppError('RECOMMENDER_NOT_READY');
    const current = (await currentRequests(tx, userId)).find((r) => r.prefix === prefix);
    const askedAlready = matches(current, answer) && !lapsed(current, now);
    // This recommender said no: asking again is for another recommender.
    if (askedAlready && current.status === 'DECLINED') throw new AppError('RECOMMENDER_DECLINED');
    const alsoAsked: OtherApplication[] = [];
    for (const other of others) {
      if (await needsRequest(tx, ctx, other, answer, now)) alsoAsked.push(other);
    }
    for (const other of alsoAsked) await copyRecommenderAnswers(tx, answers, other, prefix, now);
    const owners = [...(askedAlready ? [] : [userId]), ...alsoAsked.map((o) => o.id)];
    if (owners.length === 0) return [];
    // Asked together, the requests share the first one's id as their group; that one's mail asks for all.
    const ids = owners.map(() => randomUUID());
    const group = ids.length > 1 ? ids[0]! : null;
    for (const [i, owner] of owners.entries()) await startRequest(tx, owner, answer, now, ids[i], group);
    return ids.slice(0, 1);
  });
  await sendQueued(deps, started, false);
}

/**
 * Whether another application named in a request needs a request of its own: its program asks for this
 * recommender (the slot shows), it is not withdrawn, and the slot names nobody else. One already waiting for
 * or holding this recommender's letter needs none; one this recommender declined is refused, as for the
 * current application.
 */
async function needsRequest(
  tx: Queryable,
  ctx: FormContext,
  other: OtherApplication,
  answer: RecommenderAnswer,
  now: Date,
): Promise<boolean> {
  if (other.withdrawn) throw new AppError('LETTER_APPLICATION_CLOSED');
  const slot = shownRecommenders(ctx.form, other.answers).find((a) => a.prefix === answer.prefix);
  if (!slot) throw new AppError('LETTER_NOT_ASKED');
  const theirs = (await currentRequests(tx, other.id)).find((r) => r.prefix === answer.prefix);
  const live = theirs !== undefined && theirs.status !== 'CANCELLED' && !lapsed(theirs, now);
  if (live && theirs.email_norm === answer.emailNorm) {
    if (theirs.status === 'DECLINED') throw new AppError('RECOMMENDER_DECLINED');
    return false;
  }
  if (live || (slot.emailNorm !== '' && slot.emailNorm !== answer.emailNorm))
    throw new AppError('RECOMMENDER_SLOT_TAKEN');
  return true;
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
    // The reminder's one mail asks for every request of its group: none of them is reminded again today.
    await recordGroupReminder(tx, request, now);
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
