import type { AppDeps } from '../../app-deps';
import type { Log } from '../documents';
import { enqueueMail, retentionWarningMail } from '../mail';
import { deleteAccount } from '../my-data';
import { monthsBefore, planRetention, RETENTION_WARNING_MS, stillDueUnsubmitted } from './retention-rules';
import { RETENTION_SOURCES, type RetentionSources } from './retention-sources';

export interface RetentionCounts {
  warned: number;
  deletedUnsubmitted: number;
  deletedClosedCycle: number;
  keptForAcceptedOffer: number;
  filesRemoved: number;
  /** Mail log rows of addresses with no account (a visitor's resume link), once as old as the unsubmitted rule. */
  mailLogWithoutAccount: number;
}

/**
 * One retention run (decision 047): warns the owners of unsubmitted applications 30 days before they would be
 * deleted, and deletes with their accounts and files the applications due under either rule. Each deletion
 * checks its rule again with the account locked, so a login between the plan and the deletion keeps it.
 */
export async function runRetention(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage' | 'jobs'>,
  log: Log & { info(obj: object, msg: string): void },
  sources: RetentionSources = RETENTION_SOURCES,
): Promise<RetentionCounts> {
  const now = deps.clock.now();
  const plan = await planRetention(deps, sources, now);
  const counts: RetentionCounts = {
    warned: 0,
    deletedUnsubmitted: 0,
    deletedClosedCycle: 0,
    keptForAcceptedOffer: plan.keptForAcceptedOffer,
    filesRemoved: 0,
    mailLogWithoutAccount: 0,
  };
  const { tenant, publicUrl, retention } = deps.config;
  const loginUrl = new URL('/login', publicUrl).toString();
  for (const account of plan.warnings) {
    // The mail is queued before the warning is recorded: a run that stops in between warns twice, never zero times.
    await enqueueMail(deps, {
      kind: 'message',
      message: retentionWarningMail(tenant, account.email, {
        deleteAfter: new Date(now.getTime() + RETENTION_WARNING_MS),
        months: retention.unsubmittedMonths,
        loginUrl,
      }),
    });
    await deps.db.query('UPDATE users SET retention_warned_at = $2 WHERE id = $1', [account.user_id, now]);
    counts.warned++;
  }
  const stillDue = stillDueUnsubmitted(deps, now);
  for (const account of plan.unsubmitted) {
    const deleted = await deleteAccount(deps, account.user_id, log, { stillDue });
    if (!deleted) continue;
    counts.deletedUnsubmitted++;
    counts.filesRemoved += deleted.files;
  }
  for (const account of plan.closedCycle) {
    const deleted = await deleteAccount(deps, account.user_id, log, {
      // Asked again with the account locked: an offer accepted since the plan keeps it.
      stillDue: async (tx, userId) => !(await sources.acceptedOffers(tx, [userId])).has(userId),
    });
    if (!deleted) continue;
    counts.deletedClosedCycle++;
    counts.filesRemoved += deleted.files;
  }
  // An account's mail log goes with it; the log of an address that never had one goes after the same period.
  counts.mailLogWithoutAccount = (
    await deps.db.query(
      `DELETE FROM mail_log m WHERE m.sent_at <= $1
       AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = m.email_norm)`,
      [monthsBefore(now, retention.unsubmittedMonths)],
    )
  ).rowCount;
  log.info({ retention: counts }, 'retention run done');
  return counts;
}
