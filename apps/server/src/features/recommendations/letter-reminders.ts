import { RECOMMENDATION_REMINDER_DAYS } from '@admissions/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { DAY } from '../../infra/time-units';
import type { FormContext } from '../../core/form-context';
import { queueLetterRequest } from './letter-mail-jobs';
import { LETTER_REPLACEMENT_QUEUE, sendReplacementRequest, type ReplacementJob } from './letter-requests';
import { logRecommenderMail } from './recommendation-limits';

/** How many requests one run reminds at most; the next run takes the rest. */
const BATCH = 500;

/**
 * The automatic reminders, 7 and 28 days after the request, while the
 * request still waits (no letter, no decline, not replaced, not expired).
 * A request that missed a reminder (the server was down) gets one mail, not
 * two in a row: it jumps to the reminder its age calls for. Runs hourly on
 * the job queue; safe to run in several processes at once.
 */
export async function sendDueReminders(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>): Promise<number> {
  const now = deps.clock.now();
  const [first, second] = RECOMMENDATION_REMINDER_DAYS.map((d) => new Date(now.getTime() - d * DAY));
  const due = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; user_id: string; email_norm: string; letter_group: string | null }>(
      `UPDATE recommendation_requests r
       SET auto_reminders = CASE WHEN r.requested_at <= $2 THEN 2 ELSE 1 END,
           reminders_sent = r.reminders_sent + 1, last_reminder_at = $3, updated_at = $3
       WHERE r.id IN (
         SELECT id FROM recommendation_requests
         WHERE status = 'REQUESTED' AND current AND expires_at > $3
           AND ((auto_reminders = 0 AND requested_at <= $1) OR (auto_reminders = 1 AND requested_at <= $2))
           -- Never the day after the applicant's own reminder: that one counts.
           AND (last_reminder_at IS NULL OR last_reminder_at <= $4)
         ORDER BY requested_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING r.id, r.user_id, r.email_norm, r.letter_group`,
      [first, second, now, new Date(now.getTime() - DAY)],
    );
    for (const r of rows) await logRecommenderMail(tx, r.user_id, r.email_norm, 'auto-reminder', now);
    return rows;
  });
  // Requests asked together (letter-group.ts) fall due together: one mail reminds the recommender of them all.
  const mailed = new Set<string>();
  for (const r of due) {
    const mail = r.letter_group ?? r.id;
    if (mailed.has(mail)) continue;
    mailed.add(mail);
    await queueLetterRequest(deps, r.id, true);
  }
  return due.length;
}

export const LETTER_REMINDER_QUEUE = 'letter-reminders';
/** Every hour at minute 37, away from housekeeping's minute 7. */
export const LETTER_REMINDER_CRON = '37 * * * *';

/** The letters' workers: the hourly reminders, and the delayed requests to replaced recommenders' successors. */
export async function startLetterWorkers(
  deps: AppDeps,
  ctx: FormContext,
  logger: Pick<Logger, 'debug' | 'warn'>,
): Promise<string[]> {
  const options = { retryLimit: 2, retryDelay: 300, expireInSeconds: 15 * 60 };
  await ensureQueue(deps.jobs, LETTER_REMINDER_QUEUE, options);
  await deps.jobs.schedule(LETTER_REMINDER_QUEUE, LETTER_REMINDER_CRON);
  await deps.jobs.work(LETTER_REMINDER_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    let sent: number;
    do sent = await sendDueReminders(deps);
    while (sent === BATCH);
    logger.debug('letter reminders sent');
  });
  const replacement = { retryLimit: 5, retryDelay: 60, expireInSeconds: 5 * 60, deleteAfterSeconds: DAY / 1000 };
  await ensureQueue(deps.jobs, LETTER_REPLACEMENT_QUEUE, replacement);
  await deps.jobs.work<ReplacementJob>(LETTER_REPLACEMENT_QUEUE, { pollingIntervalSeconds: 30 }, async ([job]) => {
    if (job) await sendReplacementRequest(deps, ctx, job.data, logger);
  });
  return [LETTER_REMINDER_QUEUE, LETTER_REPLACEMENT_QUEUE];
}
