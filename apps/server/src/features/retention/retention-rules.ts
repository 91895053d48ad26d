import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { DAY } from '../../infra/time-units';
import { holdsPastApplication } from '../cycles';
import type { RetentionSources } from './retention-sources';

/** The warning goes this long before an untouched, unsubmitted application is deleted. */
export const RETENTION_WARNING_MS = 30 * DAY;

/** The same instant `months` calendar months earlier (UTC), as a college reads "18 months". */
export function monthsBefore(instant: Date, months: number): Date {
  const d = new Date(instant.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export interface RetentionCandidate {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  program: string;
  cycle_id: string | null;
  submitted_at: Date | null;
  last_activity_at: Date;
  retention_warned_at: Date | null;
  /** An earlier cycle's application of this account is held by the office, and would go with it. */
  holds_past_application: boolean;
}

/**
 * Every account with its last activity: its creation, its application's last change, its last login and its
 * sessions' last request, whichever is latest. Staff addresses (STAFF_EMAILS) are never retention's to delete.
 * A past-cycle application's owner is listed as a row of its own (decision 052) and judged by the same rules.
 */
const ACCOUNTS = `
  WITH accounts AS (
    SELECT u.id AS user_id, u.email, u.retention_warned_at,
           coalesce(a.answers->>'first_name', '') AS first_name, coalesce(a.answers->>'last_name', '') AS last_name,
           coalesce(a.answers->>'applied_major', '') AS program, a.cycle_id, a.submitted_at,
           GREATEST(u.created_at, a.updated_at,
                    (SELECT max(l.logged_in_at) FROM logins l WHERE l.user_id = u.id),
                    (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id)) AS last_activity_at,
           ${holdsPastApplication('u.id')} AS holds_past_application
    FROM users u LEFT JOIN applications a ON a.user_id = u.id
    -- The office's team keeps its accounts: STAFF_EMAILS, and every member invited in the product.
    WHERE NOT (lower(u.email) = ANY($1::text[]))
      AND NOT EXISTS (SELECT 1 FROM staff_members m WHERE m.email = lower(u.email))
  )
  SELECT * FROM accounts`;

/**
 * Unsubmitted, untouched past the period, warned at least 30 days ago and not touched since the warning. An
 * account whose earlier application the office holds is neither warned nor deleted (issue 48): deleting it would
 * delete that application by cascade. It is due once that application has gone under its own rule.
 */
const DUE_UNSUBMITTED = `submitted_at IS NULL AND last_activity_at <= $2 AND NOT holds_past_application
  AND retention_warned_at IS NOT NULL AND retention_warned_at >= last_activity_at AND retention_warned_at <= $3`;

/** Unsubmitted, within 30 days of the period, and not warned since its last activity. */
const DUE_WARNING = `submitted_at IS NULL AND last_activity_at <= $2 AND NOT holds_past_application
  AND (retention_warned_at IS NULL OR retention_warned_at < last_activity_at)`;

const staffList = (deps: Pick<AppDeps, 'config'>) => [...deps.config.staffEmails];

export interface RetentionPlan {
  asOf: Date;
  /** Would be deleted: unsubmitted and untouched past RETENTION_UNSUBMITTED_MONTHS, warned 30 days ago. */
  unsubmitted: RetentionCandidate[];
  /**
   * Would be deleted: of a cycle closed RETENTION_CLOSED_CYCLE_MONTHS ago, no accepted offer, and no earlier
   * application the office holds (that one goes first, as a row of its own).
   */
  closedCycle: RetentionCandidate[];
  /** Would be warned now. */
  warnings: RetentionCandidate[];
  keptForAcceptedOffer: number;
}

/** What a retention run at `now` would do, without doing it: the run and the preview read the same plan. */
export async function planRetention(
  deps: Pick<AppDeps, 'db' | 'config'>,
  sources: RetentionSources,
  now: Date,
): Promise<RetentionPlan> {
  const { unsubmittedMonths, closedCycleMonths } = deps.config.retention;
  const staff = staffList(deps);
  const untouchedSince = monthsBefore(now, unsubmittedMonths);
  const warnSince = new Date(untouchedSince.getTime() + RETENTION_WARNING_MS);
  const warnedBy = new Date(now.getTime() - RETENTION_WARNING_MS);
  const cycles = (await sources.closedCycles(deps, now))
    .filter((c) => c.closed_at.getTime() <= monthsBefore(now, closedCycleMonths).getTime())
    .map((c) => c.id);
  const [unsubmitted, warnings, ofClosedCycles] = await Promise.all([
    deps.db.query<RetentionCandidate>(`${ACCOUNTS} WHERE ${DUE_UNSUBMITTED} ORDER BY last_activity_at, user_id`, [
      staff,
      untouchedSince,
      warnedBy,
    ]),
    deps.db.query<RetentionCandidate>(`${ACCOUNTS} WHERE ${DUE_WARNING} ORDER BY last_activity_at, user_id`, [
      staff,
      warnSince,
    ]),
    cycles.length
      ? deps.db.query<RetentionCandidate>(`${ACCOUNTS} WHERE cycle_id = ANY($2::text[]) ORDER BY cycle_id, user_id`, [
          staff,
          cycles,
        ])
      : Promise.resolve({ rows: [] as RetentionCandidate[] }),
  ]);
  const accepted = ofClosedCycles.rows.length
    ? await sources.acceptedOffers(
        deps.db,
        ofClosedCycles.rows.map((r) => r.user_id),
      )
    : new Set<string>();
  const closedCycle = ofClosedCycles.rows.filter((r) => !accepted.has(r.user_id) && !r.holds_past_application);
  const closedIds = new Set(closedCycle.map((r) => r.user_id));
  return {
    asOf: now,
    // An account due under both rules is listed once, under the closed cycle's.
    unsubmitted: unsubmitted.rows.filter((r) => !closedIds.has(r.user_id)),
    closedCycle,
    // An account about to go under the closed-cycle rule is not warned about the other.
    warnings: warnings.rows.filter((r) => !closedIds.has(r.user_id)),
    keptForAcceptedOffer: ofClosedCycles.rows.filter((r) => accepted.has(r.user_id)).length,
  };
}

/** Whether the unsubmitted rule still holds for one account, checked again with its row locked. */
export function stillDueUnsubmitted(deps: Pick<AppDeps, 'config'>, now: Date) {
  const untouchedSince = monthsBefore(now, deps.config.retention.unsubmittedMonths);
  const warnedBy = new Date(now.getTime() - RETENTION_WARNING_MS);
  return async (tx: Queryable, userId: string) =>
    (
      await tx.query(`${ACCOUNTS} WHERE ${DUE_UNSUBMITTED} AND user_id = $4`, [
        staffList(deps),
        untouchedSince,
        warnedBy,
        userId,
      ])
    ).rows.length === 1;
}
