import { deadlineOf, type RecommendationView } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { HOUR } from '../../infra/time-units';
import { hashToken } from '../../session/secrets';
import { findApplication } from '../../core/application-repository';
import { requestOfLink, type RequestRow } from './recommendation-repository';
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
 */
export async function openRequest(db: Queryable, token: string, now: Date, lock = false): Promise<RequestRow> {
  const request = await requestOfLink(db, hashToken(token), lock);
  if (!request || !isOpen(request, now)) throw dead();
  return request;
}

/** The request behind a link for reading: an open one, or one answered within the grace period. */
export async function readableRequest(db: Queryable, token: string, now: Date): Promise<RequestRow> {
  const request = await requestOfLink(db, hashToken(token));
  if (!request) throw dead();
  if (isOpen(request, now)) return request;
  const answered = request.status === 'RECEIVED' || request.status === 'DECLINED';
  if (answered && request.responded_at && now.getTime() - request.responded_at.getTime() < CONFIRMATION_GRACE_MS)
    return request;
  throw dead();
}

/** What the recommender's page shows of a request. */
export async function viewOf(deps: AppDeps, request: RequestRow): Promise<RecommendationView> {
  const answers = (await findApplication(deps.db, request.user_id))?.answers ?? {};
  const { tenant } = deps.config;
  const due = deadlineOf(tenant, answers.applied_major ?? '');
  return {
    state: request.status === 'RECEIVED' ? 'RECEIVED' : request.status === 'DECLINED' ? 'DECLINED' : 'OPEN',
    applicant_name: applicantName(answers),
    program: programLabel(deps.config.tenant, answers),
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
