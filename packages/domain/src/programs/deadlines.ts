import { localTimeToInstant } from '../time/zoned-time';
import type { ProgramsTenant } from './program-types';

const MINUTE_MS = 60_000;

/** A program's deadline as instants: the configured local minute is on time to its last second. */
export interface ProgramDeadline {
  /** The instant the configured local minute starts ('23:59' in the institution's zone): what people are shown. */
  readonly deadline: Date;
  /** The first instant that is no longer on time (the minute after the deadline). */
  readonly onTimeUntil: Date;
  readonly graceMinutes: number;
  /** The first instant at which a submission is refused (onTimeUntil plus the grace). */
  readonly acceptedUntil: Date;
}

/**
 * The deadline of a program (undefined for a code the tenant does not offer).
 * Used by the submit check, the form, the office's views and the reminders.
 */
export function deadlineOf(tenant: ProgramsTenant, programCode: string): ProgramDeadline | undefined {
  const program = tenant.programs.find((p) => p.code === programCode);
  if (!program) return undefined;
  const deadline = localTimeToInstant(program.deadline, tenant.time_zone);
  // The boot check refuses such a configuration; a deadline that cannot be read never closes anything silently.
  if (!deadline) throw new Error(`The deadline of ${programCode} is not a valid local time in ${tenant.time_zone}.`);
  const graceMinutes = program.grace_minutes ?? 0;
  const onTimeUntil = new Date(deadline.getTime() + MINUTE_MS);
  return {
    deadline,
    onTimeUntil,
    graceMinutes,
    acceptedUntil: new Date(onTimeUntil.getTime() + graceMinutes * MINUTE_MS),
  };
}

export type SubmissionTiming = 'on-time' | 'late' | 'closed';

/** How a submission that arrived at this instant stands against the program's deadline. */
export function submissionTiming(deadline: ProgramDeadline | undefined, arrivedAt: Date): SubmissionTiming {
  if (!deadline) return 'on-time';
  const t = arrivedAt.getTime();
  if (t < deadline.onTimeUntil.getTime()) return 'on-time';
  return t < deadline.acceptedUntil.getTime() ? 'late' : 'closed';
}

/** The instant a cycle's local time names; the boot check makes sure there is one. */
export function cycleInstant(tenant: Pick<ProgramsTenant, 'time_zone'>, local: string): Date {
  const instant = localTimeToInstant(local, tenant.time_zone);
  if (!instant) throw new Error(`${local} is not a valid local time in ${tenant.time_zone}.`);
  return instant;
}
