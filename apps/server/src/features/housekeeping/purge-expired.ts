import type { AppDeps } from '../../app-deps';
import { MAIL_WINDOW_MS } from '../../session/account-limits';
import { sessionActivity } from '../../session/session-activity';
import { DEVICE_TRUST_MS } from '../accounts';
import { sessionCutoffs } from '../../session/session-cutoffs';
import { DAY } from '../../infra/time-units';

/** Longer than twice any rate-limit window (the longest is a day, and a sliding window reads the previous one). */
export const RATE_LIMIT_RETENTION_MS = 2 * DAY;

export type PurgeCounts = Record<
  | 'sessions'
  | 'oneTimeCodes'
  | 'mailRequests'
  | 'rateLimits'
  | 'temporaryAnswers'
  | 'trustedDevices'
  | 'loginThrottles'
  | 'serviceTokens',
  number
>;

/**
 * Deletes rows that have expired and can never count again: dead sessions,
 * expired codes and reset links, mail requests older than the throttle's
 * window, finished rate-limit windows, expired visitor answer sets and
 * print links (service tokens) past their 30 minutes; the audit log keeps
 * who made each link and every read through it.
 * Without it, the tables that every login, sign-up and visitor writes grow
 * without end. Answers, their history and accounts are never touched.
 */
export async function purgeExpired({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<PurgeCounts> {
  const now = clock.now();
  const session = sessionCutoffs(now, config.staffAuth);
  // Requests this process has seen but not yet written keep their sessions alive.
  await sessionActivity(db).flush();
  const deleted = async (sql: string, ...cutoffs: Date[]) => (await db.query(sql, cutoffs)).rowCount;
  return {
    // The opposite of the rule that keeps a session alive (LIVE_SESSION_CTE in sessions-repository.ts).
    sessions: await deleted(
      `DELETE FROM sessions WHERE last_seen_at <= CASE WHEN is_staff THEN $3::timestamptz ELSE $1 END
         OR created_at <= CASE WHEN is_staff THEN $4::timestamptz ELSE $2 END`,
      session.idle,
      session.absolute,
      session.staffIdle,
      session.staffAbsolute,
    ),
    oneTimeCodes: await deleted('DELETE FROM one_time_codes WHERE expires_at <= $1', now),
    mailRequests: await deleted(
      'DELETE FROM mail_requests WHERE requested_at <= $1',
      new Date(now.getTime() - MAIL_WINDOW_MS),
    ),
    rateLimits: await deleted(
      'DELETE FROM rate_limits WHERE window_start <= $1',
      new Date(now.getTime() - RATE_LIMIT_RETENTION_MS),
    ),
    temporaryAnswers: await deleted('DELETE FROM temporary_answers WHERE expires_at <= $1', now),
    trustedDevices: await deleted(
      'DELETE FROM trusted_devices WHERE trusted_at <= $1',
      new Date(now.getTime() - DEVICE_TRUST_MS),
    ),
    // Unlocked, and every failure long decayed: the row says nothing any more.
    loginThrottles: await deleted(
      'DELETE FROM login_throttle WHERE (locked_until IS NULL OR locked_until <= $1) AND (last_failure_at IS NULL OR last_failure_at <= $2)',
      now,
      new Date(now.getTime() - DAY),
    ),
    serviceTokens: await deleted('DELETE FROM service_tokens WHERE expires_at <= $1', now),
  };
}
