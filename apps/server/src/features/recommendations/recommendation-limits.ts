import { RECOMMENDATION_MESSAGES } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { DAY } from '../../infra/time-units';

/**
 * Mail to recommenders goes to addresses the applicant typed, so the feature
 * must never become a way to mail strangers in bulk: an application sends at
 * most `perApplication` requests and reminders a day, and an address receives
 * at most `perAddress` a day from all applications together (room for a
 * professor asked by a large class on one day). Automatic reminders are
 * bounded by their schedule (two per request) and are not counted here.
 */
export const RECOMMENDER_MAIL_LIMITS = { perApplication: 10, perAddress: 20 } as const;

/** Serialises the letter calls of one application, so counts and current requests are read and written as one. */
export async function lockApplicationLetters(tx: Queryable, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('recommendations:' || $1))", [userId]);
}

const mailLimit = () =>
  new AppError('RATE_LIMITED', { message: RECOMMENDATION_MESSAGES.mailLimit, retryAfterSeconds: 3600 });

/**
 * The log's kind of a request that rode on another application's mail (letter-group.ts): it counts against its
 * own application's limit, but the address received one mail, which the first request of the group counted.
 */
const GROUPED = 'grouped-request';

/** Throws RATE_LIMITED when another mail would pass a limit; otherwise records the mail. */
export async function countRecommenderMail(
  tx: Queryable,
  userId: string,
  emailNorm: string,
  kind: 'request' | 'reminder',
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - DAY);
  const { rows } = await tx.query<{ by_application: number; by_address: number }>(
    `SELECT (SELECT count(*)::int FROM recommendation_mail_log WHERE user_id = $1 AND sent_at > $3) AS by_application,
            (SELECT count(*)::int FROM recommendation_mail_log
             WHERE email_norm = $2 AND sent_at > $3 AND kind NOT IN ('auto-reminder', '${GROUPED}')) AS by_address`,
    [userId, emailNorm, since],
  );
  const counts = rows[0] ?? { by_application: 0, by_address: 0 };
  if (counts.by_application >= RECOMMENDER_MAIL_LIMITS.perApplication) throw mailLimit();
  // Said without telling the applicant that others are writing to this person.
  if (counts.by_address >= RECOMMENDER_MAIL_LIMITS.perAddress) {
    throw new AppError('RATE_LIMITED', { message: RECOMMENDATION_MESSAGES.addressLimit, retryAfterSeconds: 3600 });
  }
  await logRecommenderMail(tx, userId, emailNorm, kind, now);
}

export async function logRecommenderMail(tx: Queryable, userId: string, emailNorm: string, kind: string, now: Date) {
  await tx.query('INSERT INTO recommendation_mail_log (user_id, email_norm, kind, sent_at) VALUES ($1, $2, $3, $4)', [
    userId,
    emailNorm,
    kind,
    now,
  ]);
}

/** A request asked for in another application's mail: counted against its application's limit only. */
export async function countGroupedRequest(tx: Queryable, userId: string, emailNorm: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM recommendation_mail_log WHERE user_id = $1 AND sent_at > $2',
    [userId, new Date(now.getTime() - DAY)],
  );
  if ((rows[0]?.n ?? 0) >= RECOMMENDER_MAIL_LIMITS.perApplication) throw mailLimit();
  await logRecommenderMail(tx, userId, emailNorm, GROUPED, now);
}
