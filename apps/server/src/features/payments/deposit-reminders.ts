import { DEPOSIT_REMINDER_DAYS } from '@admissions/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { feesOf } from '../../core/fee-sources';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { DAY } from '../../infra/time-units';
import { depositReminderMail, enqueueMailsIn } from '../mail';
import { applicantAddress } from './receipt';

export const DEPOSIT_REMINDER_QUEUE = 'deposit-reminders';
/** Every hour at minute 52, away from the other hourly runs (7, 22, 37). */
export const DEPOSIT_REMINDER_CRON = '52 * * * *';

/**
 * One run (issue 43): every accepted offer whose deposit falls due within DEPOSIT_REMINDER_DAYS and is still
 * unpaid (not waived, not paid) gets one e-mail. The sent-record (application, due instant) and the mail are
 * written in one transaction, so a restart or a second process never sends it twice. Nothing is declined
 * automatically: an unpaid deposit past its date is the office's to follow (the list's `deposit_overdue`).
 */
export async function sendDepositReminders(deps: AppDeps): Promise<number> {
  const deposit = deps.config.tenant.fees?.deposit;
  if (!deposit || deposit.amount <= 0) return 0;
  const now = deps.clock.now();
  const dueDays = deposit.due_days;
  // Accepted between due_days and due_days - 3 days ago: the deposit falls due within the next three days.
  const { rows } = await deps.db.query<{ user_id: string; accepted_at: Date }>(
    `SELECT d.user_id, d.response_at AS accepted_at FROM decisions d
     WHERE d.status = 'released' AND d.response = 'accept'
       AND d.response_at > $1 AND d.response_at <= $2
       AND NOT EXISTS (SELECT 1 FROM deposit_reminders_sent s WHERE s.user_id = d.user_id)`,
    [new Date(now.getTime() - dueDays * DAY), new Date(now.getTime() - (dueDays - DEPOSIT_REMINDER_DAYS) * DAY)],
  );
  if (rows.length === 0) return 0;
  const fees = await feesOf(
    deps.db,
    deps.config.tenant.fees,
    rows.map((r) => r.user_id),
    now,
  );
  let sent = 0;
  for (const row of rows) {
    const fee = fees.get(row.user_id)?.find((f) => f.purpose === 'deposit');
    if (!fee?.due_at || (fee.state !== 'due' && fee.state !== 'overdue')) continue;
    const dueAt = new Date(fee.due_at);
    const queued = await deps.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO deposit_reminders_sent (user_id, due_at, sent_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [row.user_id, dueAt, now],
      );
      if (rowCount !== 1) return false;
      const to = await applicantAddress(tx, row.user_id);
      if (!to) return false;
      const message = depositReminderMail(deps.config.tenant, to, {
        amount: fee.amount,
        currency: fee.currency,
        dueAt,
        statusUrl: new URL('/completion', deps.config.publicUrl).toString(),
      });
      await enqueueMailsIn(deps, tx, [{ message, onceKey: `deposit-reminder:${row.user_id}:${dueAt.toISOString()}` }]);
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** The hourly run on the job queue's schedule: pg-boss runs it in one process at a time. */
export async function startDepositReminderWorker(deps: AppDeps, logger: Pick<Logger, 'debug'>): Promise<string> {
  const options = { retryLimit: 2, retryDelay: 300, expireInSeconds: 15 * 60 };
  await ensureQueue(deps.jobs, DEPOSIT_REMINDER_QUEUE, options);
  await deps.jobs.schedule(DEPOSIT_REMINDER_QUEUE, DEPOSIT_REMINDER_CRON);
  await deps.jobs.work(DEPOSIT_REMINDER_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    logger.debug({ sent: await sendDepositReminders(deps) }, 'deposit reminders sent');
  });
  return DEPOSIT_REMINDER_QUEUE;
}
