import { formatForReader, type ProgramDeadline } from '@admissions/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The countdown shows in the last 48 hours before the deadline (issue 29). */
export const COUNTDOWN_FROM_MS = 48 * HOUR;

export type DeadlinePhase = 'open' | 'last-48-hours' | 'last-day' | 'last-hour' | 'grace' | 'closed';

/** Where an applicant stands against a deadline at `now`; a change of phase is announced (sparingly). */
export function deadlinePhase(deadline: ProgramDeadline, now: number): DeadlinePhase {
  if (now >= deadline.acceptedUntil.getTime()) return 'closed';
  const left = deadline.onTimeUntil.getTime() - now;
  if (left <= 0) return 'grace';
  if (left <= HOUR) return 'last-hour';
  if (left <= 24 * HOUR) return 'last-day';
  return left <= COUNTDOWN_FROM_MS ? 'last-48-hours' : 'open';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '1 day, 3 hours and 12 minutes': the time left until the deadline's last minute ends. */
export function timeLeft(deadline: ProgramDeadline, now: number): string {
  const minutes = Math.max(0, Math.ceil((deadline.onTimeUntil.getTime() - now) / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const parts = [
    ...(days ? [plural(days, 'day')] : []),
    ...(hours ? [plural(hours, 'hour')] : []),
    plural(minutes % 60, 'minute'),
  ];
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

/** The sentences shown for a program's deadline at `now`, for a reader in `readerZone`. */
export function deadlineSentences(
  programLabel: string,
  deadline: ProgramDeadline,
  timeZone: string,
  readerZone: string | undefined,
  now: number,
): { when: string; countdown: string | null; phase: DeadlinePhase } {
  const phase = deadlinePhase(deadline, now);
  const at = formatForReader(deadline.deadline, timeZone, readerZone);
  if (phase === 'closed')
    return {
      phase,
      when: `The deadline for ${programLabel} was ${at}. Applications to it can no longer be submitted; you can still save your answers or choose another program.`,
      countdown: null,
    };
  if (phase === 'grace')
    return {
      phase,
      when: `The deadline for ${programLabel} was ${at}.`,
      countdown: `An application submitted in the next ${timeLeft({ ...deadline, onTimeUntil: deadline.acceptedUntil }, now)} is still accepted, and marked late.`,
    };
  return {
    phase,
    when: `The deadline for ${programLabel} is ${at}.`,
    countdown: phase === 'open' ? null : `${timeLeft(deadline, now)} left.`,
  };
}
