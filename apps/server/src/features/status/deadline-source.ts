import { deadlineOf } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';

/** Reminder days when the tenant names none: a week before, and the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];

/**
 * The one place the reminders and the status page read a deadline from: the
 * program's own, a local time in the tenant's `time_zone` (decision 041).
 * null: no program chosen yet, or an unknown one.
 */
export function deadlineFor(deps: Pick<AppDeps, 'config'>, programCode: string): Date | null {
  return deadlineOf(deps.config.tenant, programCode)?.deadline ?? null;
}

/** Days before a deadline that a reminder goes out, largest first. */
export function reminderDays(deps: Pick<AppDeps, 'config'>): number[] {
  return [...new Set(deps.config.tenant.deadline_reminder_days ?? DEFAULT_REMINDER_DAYS)].sort((a, b) => b - a);
}
