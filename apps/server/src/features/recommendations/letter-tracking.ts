import { isValidEmail, type ChecklistLetter, type RecommenderPrefix } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { recordChecklistChange } from '../../core/checklist-history';
import { findApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import {
  addressProblemMail,
  enqueueMailIn,
  type ComposedMailJob,
  type MailComposers,
  type MailRefusalHandlers,
} from '../mail';
import { requestLetter } from './letter-requests';
import { findRequest, type RequestRow } from './recommendation-repository';
import { recommenderName, shownRecommenders } from './recommender-answers';
import { lockApplicationLetters } from './recommendation-limits';
import { isUuid } from '../../http/is-uuid';

/**
 * Letters that arrive (decision 044): every mail to a recommender is
 * tracked. The link opened, the address refused by the relay (an SMTP 5xx in
 * the mail job's own run), and an address corrected by the applicant, even
 * after submission, are each a change of the checklist.
 */

/** The current letter request of each slot, for the checklists of these applicants. */
export async function currentLetters(
  db: Queryable,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, Record<string, ChecklistLetter>>> {
  const { rows } = await db.query<
    Pick<
      RequestRow,
      'user_id' | 'prefix' | 'status' | 'email' | 'recommender' | 'requested_at' | 'responded_at' | 'expires_at'
    > & { opened_at: Date | null; address_problem: string; address_problem_at: Date | null }
  >(
    `SELECT user_id, prefix, status, email, recommender, requested_at, responded_at, expires_at, opened_at,
            address_problem, address_problem_at
     FROM recommendation_requests WHERE user_id = ANY($1::uuid[]) AND current AND status <> 'CANCELLED'`,
    [userIds],
  );
  const out = new Map<string, Record<string, ChecklistLetter>>();
  for (const r of rows) {
    const letters = out.get(r.user_id) ?? {};
    letters[r.prefix] = {
      status: r.status as ChecklistLetter['status'],
      name: recommenderName(r.recommender),
      email: r.email,
      requested_at: r.requested_at,
      responded_at: r.responded_at,
      opened_at: r.opened_at,
      address_problem: r.address_problem,
      address_problem_at: r.address_problem_at,
      lapsed: r.status === 'REQUESTED' && new Date(r.expires_at) <= now,
      expires_at: new Date(r.expires_at),
    };
    out.set(r.user_id, letters);
  }
  return out;
}

/**
 * The recommender opened their link: the applicant and the office see `opened` (first opening only), on each
 * application the link asks for (letter-group.ts).
 */
export async function markOpened(db: AppDeps['db'], request: RequestRow, now: Date): Promise<void> {
  if (request.status !== 'REQUESTED') return;
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE recommendation_requests SET opened_at = $2, updated_at = $2
       WHERE (id = $1 OR (letter_group = $3 AND status = 'REQUESTED' AND current)) AND opened_at IS NULL
       RETURNING user_id`,
      [request.id, now, request.letter_group],
    );
    for (const row of rows) await recordChecklistChange(tx, row.user_id, { letter_opened: request.prefix }, now);
  });
}

/**
 * The relay refused a request or reminder for good (5xx): the letter item
 * becomes `address_problem` with the relay's reason, and the applicant is told
 * by e-mail; the record and the applicant's mail are one transaction. A bounce
 * read later (features/mail bounce-route.ts) lands here too. Only the slot's
 * current, unanswered request changes, once: a repeat, or a bounce for a
 * request since replaced or answered, changes nothing (false).
 */
export async function letterRefused(deps: AppDeps, job: ComposedMailJob, reason: string): Promise<boolean> {
  const requestId = String(job.requestId ?? '');
  if (!isUuid(requestId)) return false;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // A mail that asked for several applications (letter-group.ts) refused is each one's address problem.
    const { rows } = await tx.query<{ id: string; user_id: string; prefix: string; email: string }>(
      `UPDATE recommendation_requests SET address_problem = $2, address_problem_at = $3, updated_at = $3
       WHERE (id = $1 OR letter_group = (SELECT letter_group FROM recommendation_requests WHERE id = $1))
         AND status = 'REQUESTED' AND current AND address_problem = '' RETURNING id, user_id, prefix, email`,
      [requestId, reason || 'refused', now],
    );
    if (rows.length === 0) return false;
    for (const row of rows) {
      await recordChecklistChange(
        tx,
        row.user_id,
        { letter_address_problem: row.prefix, email: row.email, reason },
        now,
      );
    }
    // One mail tells the applicant, about the refused mail's own request when it still waits.
    const told = rows.find((r) => r.id === requestId) ?? rows[0]!;
    await enqueueMailIn(deps, tx, { kind: 'letter-address-problem', requestId: told.id });
    return true;
  });
}

/** The letters' refusal handlers, for the mail worker (an SMTP 5xx) and the bounce route (a bounce read later). */
export const letterRefusalHandlers = (deps: AppDeps): MailRefusalHandlers => ({
  'letter-request': (job, reason) => letterRefused(deps, job, reason),
});

/** The applicant's mail about a refused address, composed when sent (it names the recommender's address). */
export function addressProblemComposers(deps: AppDeps): MailComposers {
  return {
    'letter-address-problem': async (job: { requestId: string }) => {
      const request = await findRequest(deps.db, job.requestId);
      if (!request) return null;
      const problem = await deps.db.query<{ address_problem: string; email: string }>(
        `SELECT r.address_problem, u.email FROM recommendation_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
        [job.requestId],
      );
      const row = problem.rows[0];
      if (!row?.address_problem) return null;
      return addressProblemMail(deps.config, row.email, {
        recommenderName: recommenderName(request.recommender),
        email: request.email,
        reason: row.address_problem,
      });
    },
  };
}

/**
 * PUT /api/recommendations/{prefix}/address: the applicant corrects a
 * recommender's address, before or after submission. The answer changes (in
 * the history, so the office sees it), the old request is retired (its links
 * die), and a new request goes to the new address at once.
 */
export async function changeRecommenderAddress(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  prefix: RecommenderPrefix,
  email: string,
): Promise<void> {
  if (!isValidEmail(email)) throw new AppError('RECOMMENDER_EMAIL_INVALID');
  const now = deps.clock.now();
  const key = `${prefix}email`;
  await deps.db.transaction(async (tx) => {
    await lockApplicationLetters(tx, userId);
    const app = await findApplication(tx, userId);
    const answer = shownRecommenders(ctx.form, app?.answers ?? {}).find((a) => a.prefix === prefix);
    if (!answer) throw new AppError('NOT_FOUND');
    const { rows } = await tx.query<{ status: string }>(
      `SELECT status FROM recommendation_requests WHERE user_id = $1 AND prefix = $2 AND current`,
      [userId, prefix],
    );
    // A letter that arrived is kept as it is; there is nothing to redirect.
    if (rows[0]?.status === 'RECEIVED') throw new AppError('NOT_FOUND');
    if (answer.email === email) return;
    await tx.query(
      `UPDATE applications SET answers = jsonb_set(answers, ARRAY[$2::text], to_jsonb($3::text)), updated_at = $4
       WHERE user_id = $1`,
      [userId, key, email, now],
    );
    await recordChecklistChange(tx, userId, { [key]: email, previous: answer.email, recommender_address: prefix }, now);
  });
  // The new address is asked at once (retiring the old request), under the usual mail limits.
  await requestLetter(deps, ctx, userId, prefix);
}
