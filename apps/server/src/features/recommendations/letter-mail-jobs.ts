import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../infra/mail/mailer';
import { generateToken, hashToken } from '../../session/secrets';
import { findApplication } from '../../core/application-repository';
import {
  type MailComposers,
  bounceTracking,
  declineNoticeMail,
  enqueueMail,
  letterReceiptMail,
  letterRequestMail,
} from '../mail';
import { programsOfRequests, waitingRequestsOfMail } from './letter-group';
import { findRequest, insertLink } from './recommendation-repository';
import { applicantName, programLabel, recommenderName, waiverOf } from './recommender-answers';

/**
 * Mail jobs of the letters. Like the account mails, they travel as ids: the
 * worker issues the link's token when it sends, so no link waits in the
 * queue in clear, and a request cancelled or answered meanwhile sends nothing.
 */
export type LetterMailJob =
  | { kind: 'letter-request'; requestId: string; reminder: boolean }
  | { kind: 'letter-receipt'; requestId: string }
  | { kind: 'letter-declined'; requestId: string };

export const queueLetterRequest = (deps: Pick<AppDeps, 'jobs'>, requestId: string, reminder: boolean) =>
  enqueueMail(deps, { kind: 'letter-request', requestId, reminder });

export const queueLetterReceipt = (deps: Pick<AppDeps, 'jobs'>, requestId: string) =>
  enqueueMail(deps, { kind: 'letter-receipt', requestId });

/** Tells the applicant a recommender declined, and why, so they can ask someone else in time. */
export const queueDeclineNotice = (deps: Pick<AppDeps, 'jobs'>, requestId: string) =>
  enqueueMail(deps, { kind: 'letter-declined', requestId });

/** The mail worker's composers of the letters' mails (wired in workers.ts). */
export function letterMailComposers(deps: AppDeps): MailComposers {
  const compose = (job: LetterMailJob) => composeLetterMail(deps, job);
  return { 'letter-request': compose, 'letter-receipt': compose, 'letter-declined': compose };
}

export async function composeLetterMail(deps: AppDeps, job: LetterMailJob): Promise<MailMessage | null> {
  const request = await findRequest(deps.db, job.requestId);
  if (!request) return null;
  const application = await findApplication(deps.db, request.user_id);
  const answers = application?.answers ?? {};
  const name = recommenderName(request.recommender);
  if (job.kind === 'letter-declined') {
    if (request.status !== 'DECLINED') return null;
    const { rows } = await deps.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [request.user_id]);
    if (!rows[0]) return null;
    return declineNoticeMail(deps.config, rows[0].email, {
      recommenderName: name,
      reason: request.decline_reason,
      submitted: application?.submitted_at != null ? 'submitted' : 'open',
    });
  }
  if (job.kind === 'letter-receipt') {
    if (request.status !== 'RECEIVED' && request.status !== 'DECLINED') return null;
    return letterReceiptMail(deps.config, request.email, {
      recommenderName: name,
      applicantName: applicantName(answers),
      outcome: request.status === 'RECEIVED' ? 'received' : 'declined',
      at: request.responded_at ?? deps.clock.now(),
    });
  }
  const now = deps.clock.now();
  // The request, or each request of its group still waiting: the one mail asks for all of them.
  const asked = await waitingRequestsOfMail(deps.db, request, now);
  if (asked.length === 0) return null;
  // Each mail carries its own link; every link of the request lives and dies with it (of a group, with each).
  const token = generateToken();
  for (const r of asked) await insertLink(deps.db, hashToken(token), r.id, now);
  const programs = request.letter_group
    ? await programsOfRequests(
        deps.db,
        deps.config.tenant,
        asked.map((r) => r.id),
      )
    : [programLabel(deps.config.tenant, answers)];
  // Tagged, so a bounce that arrives later names this request (decision 054).
  const tracking = bounceTracking(deps.config, deps.secretKey, request.id);
  const message = letterRequestMail(
    deps.config,
    {
      to: request.email,
      recommenderName: name,
      applicantName: applicantName(answers),
      program: programs[0] ?? '',
      programs,
      waived: waiverOf(answers),
      token,
      expiresAt: request.expires_at,
    },
    job.reminder,
  );
  return { ...message, ...tracking };
}
