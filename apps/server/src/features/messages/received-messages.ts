import type { AutomaticMail, ReceivedMessage } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { mailLogOf } from '../mail';
import { STAFF_MESSAGE_KIND } from './staff-message-mail';

/**
 * The messages to groups an application was sent (issue 46, decision 066), newest first: each with the subject
 * and body as rendered for it and the time it was handed to the relay. Only sent rows: a recipient still queued
 * (or left queued by a stop), suppressed or refused by the relay was sent nothing.
 */
export async function receivedMessages(db: Queryable, userId: string): Promise<ReceivedMessage[]> {
  const { rows } = await db.query<{ id: string; subject: string; body: string; sent_at: Date; category: string }>(
    `SELECT m.id, r.subject, r.body, r.sent_at, m.category
     FROM staff_message_recipients r JOIN staff_messages m ON m.id = r.message_id
     WHERE r.user_id = $1 AND r.state = 'sent'
     ORDER BY r.sent_at DESC, m.id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    body: r.body,
    sent_at: new Date(r.sent_at).toISOString(),
    category: r.category as ReceivedMessage['category'],
  }));
}

/**
 * The kinds of automatic mail the office does not see on an application's page (issue 46: "codes excluded"):
 * each carries a code, or a link that opens something without a login, or is not an automatic mail to the applicant.
 * - `confirmation-code`: the account's confirmation code;
 * - `password-reset-link`: a link that sets a new password;
 * - `signup-attempt`: someone tried to sign up with the address (an account's security, with its login links);
 * - `resume-link`: a link to the answers saved without an account;
 * - `letter-request`: a recommender's own link to upload the letter (sent to the recommender, never the applicant);
 * - `staff-message` (the messages to groups, listed as messages with their text) and `staff-message-test` (a test
 *   send, to the member's own address).
 * Every other kind (the submission's receipt, deadline reminders — whose stop link only turns reminders off, and
 * which the log does not keep —, requests for items, decisions, offers, payments, letters received,
 * the retention warning, a changed password…) carries neither, and is listed. A kind added later is listed unless
 * it is named here: a mail that carries a code or a secret link must be added to this list.
 */
export const HIDDEN_MAIL_KINDS: ReadonlySet<string> = new Set([
  'confirmation-code',
  'password-reset-link',
  'signup-attempt',
  'resume-link',
  'letter-request',
  STAFF_MESSAGE_KIND,
  'staff-message-test',
]);

/**
 * The automatic e-mails sent to the application's address (the mail log: kind, subject and time, never the text),
 * newest first, less HIDDEN_MAIL_KINDS. The log is by address: a person's further applications share it.
 */
export async function automaticMails(db: Queryable, userId: string): Promise<AutomaticMail[]> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  if (!rows[0]) return [];
  return (await mailLogOf(db, rows[0].email))
    .filter((m) => !HIDDEN_MAIL_KINDS.has(m.kind))
    .reverse()
    .map(({ kind, subject, sent_at }) => ({ kind, subject, sent_at }));
}

/** The messages for "Download my data" (answers.json `messages`): what was sent, as sent, and when. */
export async function messagesForMyData(deps: { db: Queryable }, userId: string) {
  return (await receivedMessages(deps.db, userId)).map(({ subject, body, sent_at, category }) => ({
    subject,
    body,
    sent_at,
    category,
  }));
}
