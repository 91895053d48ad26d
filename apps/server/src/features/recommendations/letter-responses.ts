import {
  RECOMMENDATION_DECLINE_REASON_MAX_LENGTH,
  RECOMMENDATION_LETTER_MAX_LENGTH,
  RECOMMENDATION_LETTER_MIN_LENGTH,
  RECOMMENDATION_MESSAGES,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { recordChecklistChange } from '../../core/checklist-history';
import { AppError } from '../../http/app-error';
import type { Log } from '../documents';
import { queueDeclineNotice, queueLetterReceipt } from './letter-mail-jobs';
import { othersAnswered } from './letter-group';
import { openRequest } from './letter-link';
import { declineRequest, fileOnItsWay, receiveTextLetter, type RequestRow } from './recommendation-repository';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: { [field]: [message] } });

/** Line ends made plain and control characters dropped: the office reads this as typed, nothing else. */
const clean = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();

async function respond(
  deps: AppDeps,
  token: string,
  answer: (tx: Queryable, request: RequestRow, now: Date) => Promise<boolean>,
  notices: readonly ((deps: AppDeps, requestId: string) => Promise<void>)[],
  log: Log,
  /** The checklist change each answered request's application records, so the console's index recounts it. */
  change: 'letter_received' | 'letter_declined',
): Promise<RequestRow> {
  const now = deps.clock.now();
  const request = await deps.db.transaction(async (tx) => {
    const open = await openRequest(tx, token, now, true);
    // An uploaded letter on its way is the answer being given; wait for it.
    if (fileOnItsWay(open.file_status)) throw new AppError('CONVERSION_IN_PROGRESS');
    if (!(await answer(tx, open, now))) throw new AppError('RECOMMENDATION_LINK_INVALID');
    await recordChecklistChange(tx, open.user_id, { [change]: open.prefix }, now);
    // Asked for several applications (letter-group.ts): the one answer is each one's, each row with its copy.
    for (const other of await othersAnswered(tx, open, now)) {
      if (await answer(tx, other, now)) await recordChecklistChange(tx, other.user_id, { [change]: other.prefix }, now);
    }
    return open;
  });
  // The answer is committed: a notice that cannot be queued is logged, never an error for the recommender.
  // One notice of each kind, for the link's request, however many applications the answer reached.
  for (const notice of notices) {
    await notice(deps, request.id).catch((err: unknown) => log.error({ err }, 'a letter notice could not be queued'));
  }
  return request;
}

/** POST /public/recommendation/letter-text: the letter, written in the page's text box. */
export async function writeLetter(deps: AppDeps, token: string, text: string, log: Log): Promise<RequestRow> {
  const letter = clean(text);
  if (letter.length < RECOMMENDATION_LETTER_MIN_LENGTH)
    throw invalid('letter_text', RECOMMENDATION_MESSAGES.letterTooShort);
  if (letter.length > RECOMMENDATION_LETTER_MAX_LENGTH)
    throw invalid('letter_text', RECOMMENDATION_MESSAGES.letterTooLong);
  return respond(
    deps,
    token,
    (tx, r, now) => receiveTextLetter(tx, r.id, letter, now),
    [queueLetterReceipt],
    log,
    'letter_received',
  );
}

/** POST /public/recommendation/decline: the recommender says no, and why; the applicant sees the reason. */
export async function declineLetter(deps: AppDeps, token: string, reason: string, log: Log): Promise<RequestRow> {
  const why = clean(reason);
  if (why === '') throw invalid('decline_reason', RECOMMENDATION_MESSAGES.reasonRequired);
  if (why.length > RECOMMENDATION_DECLINE_REASON_MAX_LENGTH)
    throw invalid('decline_reason', RECOMMENDATION_MESSAGES.reasonTooLong);
  return respond(
    deps,
    token,
    (tx, r, now) => declineRequest(tx, r.id, why, now),
    [queueLetterReceipt, queueDeclineNotice],
    log,
    'letter_declined',
  );
}
