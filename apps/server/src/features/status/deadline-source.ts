import { localTimeToInstant } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';

/** Reminder days when the tenant names none: a week before, and the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];

/**
 * The one place the reminders and the status page read a deadline from. Until
 * programs carry their own deadlines (issue #29), every program has the
 * tenant's single `application_deadline`, a local time in its `time_zone`; at
 * that merge this function reads the program's. null: no deadline.
 */
export function deadlineFor(deps: Pick<AppDeps, 'config'>, _programCode: string): Date | null {
  const { application_deadline, time_zone } = deps.config.tenant;
  return application_deadline ? localTimeToInstant(application_deadline, time_zone) : null;
}

/** Days before a deadline that a reminder goes out, largest first. */
export function reminderDays(deps: Pick<AppDeps, 'config'>): number[] {
  return [...new Set(deps.config.tenant.deadline_reminder_days ?? DEFAULT_REMINDER_DAYS)].sort((a, b) => b - a);
}
