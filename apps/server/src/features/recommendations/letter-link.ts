import { deadlineOf, programListText, type RecommendationView } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { HOUR } from '../../infra/time-units';
import { hashToken } from '../../session/secrets';
import { findApplication } from '../../core/application-repository';
import { groupRequestIds, programsOfRequests } from './letter-group';
import { requestsOfLink, type RequestRow } from './recommendation-repository';
import { applicantName, programLabel, recommenderName, waiverOf } from './recommender-answers';

/**
 * After the letter or the decline, the page that was open may still show its
 * confirmation (it polls while a file converts) for this long; then the link
 * answers as dead as any other.
 */
export const CONFIRMATION_GRACE_MS = HOUR;

const dead = () => new AppError('RECOMMENDATION_LINK_INVALID');

/** Whether the request still waits for a letter through its links. */
export const isOpen = (r: RequestRow, now: Date) => r.status === 'REQUESTED' && r.current && r.expires_at > now;

/**
 * The request behind a link that may still act: waiting, current, not expired.
 * Everything else (unknown, replaced, cancelled, expired, answered) is one
 * and the same 410, so a link tells nobody more than that it does not work.
 * A link of several applications' requests (letter-group.ts) acts through the
 * first still waiting, the asking application's while it waits: the letter's
 * file and its conversion are kept on that one, and the answer reaches the others.
 */
export async function openRequest(db: Queryable, token: string, now: Date, lock = false): Promise<RequestRow> {
  const request = (await requestsOfLink(db, hashToken(token), lock)).find((r) => isOpen(r, now));
  if (!request) throw dead();
  return request;
}

const answeredLately = (request: RequestRow, now: Date) =>
  (request.status === 'RECEIVED' || request.status === 'DECLINED') &&
  request.responded_at !== null &&
  now.getTime() - request.responded_at.getTime() < CONFIRMATION_GRACE_MS;

/** The request behind a link for reading: an open one, or one answered within the grace period. */
export async function readableRequest(db: Queryable, token: string, now: Date): Promise<RequestRow> {
  const requests = await requestsOfLink(db, hashToken(token));
  const request = requests.find((r) => isOpen(r, now)) ?? requests.find((r) => answeredLately(r, now));
  if (!request) throw dead();
  return request;
}

/** What the recommender's page shows of a request. */
export async function viewOf(deps: AppDeps, request: RequestRow): Promise<RecommendationView> {
  const answers = (await findApplication(deps.db, request.user_id))?.answers ?? {};
  const { tenant } = deps.config;
  const due = deadlineOf(tenant, answers.applied_major ?? '');
  // A letter asked for several applications names each of their programs; a letter asked alone, its own.
  const programs = request.letter_group
    ? await programsOfRequests(deps.db, tenant, await groupRequestIds(deps.db, request))
    : [programLabel(tenant, answers)].filter(Boolean);
  return {
    state: request.status === 'RECEIVED' ? 'RECEIVED' : request.status === 'DECLINED' ? 'DECLINED' : 'OPEN',
    applicant_name: applicantName(answers),
    program: programListText(programs),
    programs,
    institution: deps.config.tenant.partnerName,
    recommender_name: recommenderName(request.recommender),
    waived: waiverOf(answers),
    requested_at: request.requested_at.toISOString(),
    expires_at: request.expires_at.toISOString(),
    letter_due: due ? { at: due.deadline.toISOString(), time_zone: tenant.time_zone } : null,
    letter_file: {
      status: request.file_status,
      file_name: request.file_name,
      message: request.file_status === 'FAILED' ? request.file_message : '',
    },
  };
}
