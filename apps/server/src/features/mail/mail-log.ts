import { normalizeEmail } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import type { MailMessage } from '../../infra/mail/mailer';

/** One mail sent to an address, as the applicant's own data export shows it. */
export interface MailLogEntry {
  sent_at: string;
  kind: string;
  subject: string;
}

/**
 * Records a mail the relay took: when, its kind and its subject (logSubject when the subject carries a code),
 * never its text, so no code or link is kept. Written after the send; a failure to write it is the caller's to
 * log, never a reason to send the mail again.
 */
export async function recordMailSent(db: Queryable, message: MailMessage, now: Date): Promise<void> {
  await db.query('INSERT INTO mail_log (email_norm, kind, subject, sent_at) VALUES ($1, $2, $3, $4)', [
    normalizeEmail(message.to),
    message.kind ?? 'message',
    message.logSubject ?? message.subject,
    now,
  ]);
}

/**
 * Records the relay's 250 for a mail that must reach it once (its key was marked as being sent before the send,
 * once-keys.ts) and logs it, in one statement: a notice of a release of 10,000 costs the worker one round trip
 * after its send, as a mail without a key does.
 */
export async function recordMailSentOnce(db: Queryable, onceKey: string, message: MailMessage, now: Date) {
  await db.query(
    `WITH once AS (INSERT INTO mail_once_keys (key, sending_at, sent_at) VALUES ($1, $2, $2)
                   ON CONFLICT (key) DO UPDATE SET sent_at = EXCLUDED.sent_at)
     INSERT INTO mail_log (email_norm, kind, subject, sent_at) VALUES ($3, $4, $5, $2)`,
    [onceKey, now, normalizeEmail(message.to), message.kind ?? 'message', message.logSubject ?? message.subject],
  );
}

/** What was e-mailed to an address, oldest first. */
export async function mailLogOf(db: Queryable, email: string): Promise<MailLogEntry[]> {
  const { rows } = await db.query<{ sent_at: Date; kind: string; subject: string }>(
    'SELECT sent_at, kind, subject FROM mail_log WHERE email_norm = $1 ORDER BY sent_at, id',
    [normalizeEmail(email)],
  );
  return rows.map((r) => ({ sent_at: new Date(r.sent_at).toISOString(), kind: r.kind, subject: r.subject }));
}

/** Forgets what was sent to an address: part of deleting its account. */
export async function forgetMailLog(db: Queryable, email: string): Promise<number> {
  return (await db.query('DELETE FROM mail_log WHERE email_norm = $1', [normalizeEmail(email)])).rowCount;
}
