import {
  DECISION_LETTER_PDF_PATH,
  type ApplicantDecision,
  type ApplicantStatusResponse,
  type DecisionResponse,
  type PastDecision,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { recordIntegrationEvent, recordIntegrationEvents } from '../../core/integration-events';
import { AppError } from '../../http/app-error';
import { enqueueMailsIn, offerLapsedMail, offerResponseMail, withdrawalMail } from '../mail';
import { copyDecisionStates, recordFeeChange } from '../staff';
import { decisionLetterHtml, letterFactsOf, replyByOf } from './decision-letter';
import { codeOf } from './decision-rules';
import {
  applicationStanding,
  reasonsShown,
  releasedDecision,
  withdrawalOf,
  type DecisionRow,
} from './decisions-repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs'>;

function canRespond(deps: Deps, row: DecisionRow, withdrawn: boolean): boolean {
  return (
    !withdrawn &&
    row.response === null &&
    codeOf(deps.config.tenant.decisions, row.code)?.offer === true &&
    row.reply_by !== null &&
    new Date(row.reply_by).getTime() > deps.clock.now().getTime()
  );
}

/**
 * A past application's released decision as its list shows it: the label and,
 * for an offer, whether and until when it can still be answered. Listing it is
 * no view: only opening the decision itself (applicantDecision) records one.
 */
export async function pastDecisionOf(deps: Deps, userId: string): Promise<PastDecision | null> {
  const row = await releasedDecision(deps.db, userId);
  if (!row) return null;
  const tenant = deps.config.tenant;
  const offer = codeOf(tenant.decisions, row.code)?.offer === true;
  const withdrawn = offer && (await withdrawalOf(deps.db, userId)) !== null;
  return {
    label: codeOf(tenant.decisions, row.code)?.label ?? row.code,
    offer: offer
      ? {
          reply_by: replyByOf(tenant, row, deps.clock.now())?.toISOString() ?? null,
          response: row.response,
          can_respond: canRespond(deps, row, withdrawn),
        }
      : null,
  };
}

/**
 * The decision as the applicant reads it, or null before its release: a
 * provisional decision (recorded, changed or scheduled) is never read here.
 * The first read of a released decision is recorded as its view.
 */
export async function applicantDecision(deps: Deps, userId: string): Promise<ApplicantDecision | null> {
  const row = await releasedDecision(deps.db, userId);
  if (!row) return null;
  const tenant = deps.config.tenant;
  if (!row.viewed_at)
    await deps.db.transaction(async (tx) => {
      const viewed = await tx.query('UPDATE decisions SET viewed_at = $2 WHERE id = $1 AND viewed_at IS NULL', [
        row.id,
        deps.clock.now(),
      ]);
      if (viewed.rowCount) await copyDecisionStates(tx, [userId]);
    });
  const [facts, withdrawal] = await Promise.all([
    letterFactsOf(deps.db, deps.config.tenant, userId),
    withdrawalOf(deps.db, userId),
  ]);
  const replyBy = replyByOf(tenant, row, deps.clock.now());
  return {
    code: row.code,
    label: codeOf(tenant.decisions, row.code)?.label ?? row.code,
    letter_html: decisionLetterHtml(tenant, row, facts, deps.clock.now()),
    reasons: tenant.decisions.show_reasons ? reasonsShown(tenant.decisions, row) : [],
    conditions: row.conditions,
    released_at: new Date(row.released_at!).toISOString(),
    reply_by: replyBy?.toISOString() ?? null,
    time_zone: tenant.time_zone,
    response: row.response,
    response_at: row.response_at ? new Date(row.response_at).toISOString() : null,
    response_by_default: row.response_by_default,
    can_respond: canRespond(deps, row, withdrawal !== null),
    letter_pdf_url: DECISION_LETTER_PDF_PATH,
  };
}

/** What GET /api/status adds to the submitted applicant's status: a withdrawal and the released decision. */
export async function applicantDecisionStatus(
  deps: Deps,
  userId: string,
): Promise<Pick<ApplicantStatusResponse, 'withdrawn_at' | 'decision'>> {
  const [withdrawal, decision] = await Promise.all([withdrawalOf(deps.db, userId), applicantDecision(deps, userId)]);
  return { withdrawn_at: withdrawal ? new Date(withdrawal.withdrawn_at).toISOString() : null, decision };
}

/** Accept or decline an offer before its reply-by instant; a confirmation mail goes with the answer. */
export async function respondToOffer(deps: Deps, userId: string, response: DecisionResponse): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await releasedDecision(tx, userId, true);
    const now = deps.clock.now();
    if (!row || !codeOf(deps.config.tenant.decisions, row.code)?.offer) throw new AppError('DECISION_NO_OFFER');
    if (row.response !== null)
      throw new AppError('DECISION_REPLY_CLOSED', {
        message: `You already ${row.response === 'accept' ? 'accepted' : 'declined'} this offer. Please contact the admissions office to change your answer.`,
      });
    if ((await applicationStanding(tx, userId)).withdrawn) throw new AppError('APPLICATION_WITHDRAWN');
    if (!row.reply_by || new Date(row.reply_by).getTime() <= now.getTime()) throw new AppError('DECISION_REPLY_CLOSED');
    await tx.query('UPDATE decisions SET response = $2, response_at = $3 WHERE id = $1', [row.id, response, now]);
    await recordIntegrationEvent(
      tx,
      { type: 'offer.responded', applicationId: userId, data: { response, responded_at: now.toISOString() } },
      now,
    );
    await copyDecisionStates(tx, [userId]);
    // An accepted offer with a deposit configured adds the deposit to the checklist and the list (issue 43).
    if (response === 'accept' && deps.config.tenant.fees?.deposit)
      await recordFeeChange(tx, deps, userId, { offer_accepted: row.code });
    const email = await emailOf(tx, userId);
    await enqueueMailsIn(deps, tx, [{ message: offerResponseMail(deps.config, email, response, now) }]);
  });
}

/** Withdraws a submitted application, at any time before an offer was accepted. */
export async function withdrawApplication(deps: Deps, userId: string, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const standing = await applicationStanding(tx, userId);
    if (!standing.submittedAt)
      throw new AppError('APPLICATION_NOT_SUBMITTED', { message: 'This application has not been submitted.' });
    if (standing.withdrawn) throw new AppError('APPLICATION_WITHDRAWN');
    if ((await releasedDecision(tx, userId))?.response === 'accept') throw new AppError('OFFER_ACCEPTED');
    const now = deps.clock.now();
    await tx.query('INSERT INTO application_withdrawals (user_id, withdrawn_at, reason) VALUES ($1, $2, $3)', [
      userId,
      now,
      reason,
    ]);
    // The reason is the applicant's own words to the office: it stays here.
    await recordIntegrationEvent(
      tx,
      { type: 'application.withdrawn', applicationId: userId, data: { withdrawn_at: now.toISOString() } },
      now,
    );
    await copyDecisionStates(tx, [userId]);
    await enqueueMailsIn(deps, tx, [{ message: withdrawalMail(deps.config, await emailOf(tx, userId), now) }]);
  });
}

/**
 * Declines by default every released offer whose reply-by instant has passed
 * without an answer (by deps.clock), and tells each applicant; one
 * transaction, so a notice exists exactly when its offer was declined.
 */
export async function declineLapsedOffers(deps: Deps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const { rows } = await tx.query<{ id: string; user_id: string; email: string; reply_by: Date }>(
      `WITH lapsed AS (
         UPDATE decisions SET response = 'decline', response_at = $1, response_by_default = true
         WHERE status = 'released' AND response IS NULL AND reply_by <= $1
           AND NOT EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = decisions.user_id)
         RETURNING id, user_id, reply_by)
       SELECT l.id, l.user_id, u.email, l.reply_by FROM lapsed l JOIN users u ON u.id = l.user_id`,
      [now],
    );
    // An offer declined by default is the applicant's answer as the office and the campus systems count it.
    await recordIntegrationEvents(
      tx,
      rows.map((r) => ({
        type: 'offer.responded' as const,
        applicationId: r.user_id,
        data: { response: 'decline', responded_at: now.toISOString(), by_default: true },
      })),
      now,
    );
    await copyDecisionStates(
      tx,
      rows.map((r) => r.user_id),
    );
    await enqueueMailsIn(
      deps,
      tx,
      rows.map((r) => ({
        message: offerLapsedMail(deps.config, r.email, new Date(r.reply_by)),
        onceKey: `offer-lapsed:${r.id}`,
      })),
    );
    return rows.length;
  });
}

async function emailOf(db: Deps['db'] | Parameters<Parameters<Deps['db']['transaction']>[0]>[0], userId: string) {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0]!.email;
}
