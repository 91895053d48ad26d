import { fieldLink, type ChecklistItem } from '@admissions/domain';
import { formatInZone } from '@admissions/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { DAY } from '../../infra/time-units';
import type { FormContext } from '../../core/form-context';
import { loadChecklist, loadChecklists } from '../checklist';
import { deadlineReminderMail, enqueueMailIn, type MailComposers } from '../mail';
import { deadlineFor, reminderDays } from './deadline-source';
import { unsubscribeToken } from './unsubscribe-token';

export const DEADLINE_REMINDER_QUEUE = 'deadline-reminders';
/** Every hour at minute 22, away from housekeeping (7) and the letters' reminders (37). */
export const DEADLINE_REMINDER_CRON = '22 * * * *';
const BATCH = 200;

const outstanding = (items: readonly ChecklistItem[]) =>
  items.filter((i) => i.state !== 'received' && i.state !== 'waived');

/** The reminder that is due now for a deadline: the smallest N whose day has come (none after the deadline). */
export function dueDays(days: readonly number[], deadline: Date, now: Date): number | null {
  if (now >= deadline) return null;
  const due = days.filter((n) => now.getTime() >= deadline.getTime() - n * DAY);
  return due.length ? Math.min(...due) : null;
}

/**
 * One run (decision 044): every unsubmitted application with reminders on,
 * whose deadline's reminder of N days is due and not yet sent, and that has
 * at least one missing item, gets one e-mail. The sent-record and the mail
 * job are written in one transaction, and the record's key (applicant,
 * deadline, N) lets only one process, one run, ever send it: a restart or a
 * second process finds it sent. When several reminders fell due at once (an
 * application started late), only the most urgent goes, and the larger ones
 * are recorded as passed.
 */
export async function sendDeadlineReminders(deps: AppDeps, ctx: FormContext): Promise<number> {
  const now = deps.clock.now();
  const days = reminderDays(deps);
  let sent = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await deps.db.query<{ user_id: string; program: string }>(
      `SELECT user_id, coalesce(answers->>'applied_major', '') AS program FROM applications
       WHERE submitted_at IS NULL AND deadline_reminders AND user_id > $1 ORDER BY user_id LIMIT $2`,
      [after, BATCH],
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.user_id;
    const due = rows
      .map((r) => ({ ...r, deadline: deadlineFor(deps, r.program) }))
      .map((r) => ({ ...r, n: r.deadline ? dueDays(days, r.deadline, now) : null }))
      .filter((r): r is typeof r & { deadline: Date; n: number } => r.n !== null && r.deadline !== null);
    if (due.length === 0) continue;
    const checklists = await loadChecklists(
      deps,
      ctx,
      due.map((r) => r.user_id),
      deps.db,
    );
    for (const r of due) {
      const checklist = checklists.get(r.user_id);
      if (!checklist || outstanding(checklist.items).length === 0) continue;
      const passed = days.filter((n) => n >= r.n);
      const queued = await deps.db.transaction(async (tx) => {
        const { rows: inserted } = await tx.query(
          `INSERT INTO deadline_reminders_sent (user_id, deadline, days_before, sent_at)
           SELECT $1, $2, n, $4 FROM unnest($3::int[]) AS n ON CONFLICT DO NOTHING RETURNING days_before`,
          [r.user_id, r.deadline, passed, now],
        );
        if (!inserted.some((i) => (i as { days_before: number }).days_before === r.n)) return false;
        await enqueueMailIn(deps, tx, {
          kind: 'deadline-reminder',
          userId: r.user_id,
          deadline: r.deadline.toISOString(),
          daysBefore: r.n,
        });
        return true;
      });
      if (queued) sent++;
    }
  }
  return sent;
}

/** The reminder, composed when sent: the missing items as they stand then (none left: nothing is sent). */
export function deadlineReminderComposers(deps: AppDeps, ctx: FormContext): MailComposers {
  return {
    'deadline-reminder': async (job: { userId: string; deadline: string; daysBefore: number }) => {
      const checklist = await loadChecklist(deps, ctx, job.userId);
      if (!checklist || checklist.submittedAt || !checklist.reminders) return null;
      const missing = outstanding(checklist.items);
      if (missing.length === 0) return null;
      const url = (href: string | undefined) => new URL(href ?? '/final-steps', deps.config.publicUrl).toString();
      const unsubscribe = new URL('/reminders-off', deps.config.publicUrl);
      unsubscribe.searchParams.set('token', unsubscribeToken(deps.secretKey, job.userId));
      return deadlineReminderMail(deps.config, checklist.email, {
        daysBefore: job.daysBefore,
        deadline: formatInZone(new Date(job.deadline), deps.config.tenant.time_zone),
        missing: missing.map((i) => ({ label: i.label, url: url(i.href ?? fieldLink(ctx.form, i.key)) })),
        unsubscribeUrl: unsubscribe.toString(),
      });
    },
  };
}

/** The hourly run on the job queue's schedule: pg-boss runs it in one process at a time. */
export async function startDeadlineReminderWorker(
  deps: AppDeps,
  ctx: FormContext,
  logger: Pick<Logger, 'debug'>,
): Promise<string> {
  const options = { retryLimit: 2, retryDelay: 300, expireInSeconds: 15 * 60 };
  await ensureQueue(deps.jobs, DEADLINE_REMINDER_QUEUE, options);
  await deps.jobs.schedule(DEADLINE_REMINDER_QUEUE, DEADLINE_REMINDER_CRON);
  await deps.jobs.work(DEADLINE_REMINDER_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    logger.debug({ sent: await sendDeadlineReminders(deps, ctx) }, 'deadline reminders sent');
  });
  return DEADLINE_REMINDER_QUEUE;
}
