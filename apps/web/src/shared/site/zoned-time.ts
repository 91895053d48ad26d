import { formatInZone } from '@admissions/domain';
import { useCallback } from 'react';
import { useTenantConfig } from './api/tenant-api';

/**
 * Times in the console are the institution's, with the zone named
 * ('9:00 am Central Time on Monday, 2 November 2026'), so an office spread
 * over several zones reads the same time. It lives with the tenant's
 * configuration, which names the zone: the staff console and the letters it
 * shows (features/recommendations) both read it, and neither may import the other both ways (issue 40).
 */
export function useZonedTime(): (iso: string) => string {
  const { time_zone } = useTenantConfig();
  return useCallback((iso: string) => formatInZone(iso, time_zone), [time_zone]);
}

/**
 * An instant to the second, in the zone, the zone named as it stood then ('Nov 28, 2026, 8:25:13 pm CST'):
 * for the audit log, where the hour that repeats in autumn must still read two ways (CDT, then CST).
 */
export function formatToTheSecond(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod').toLowerCase()}`;
  return `${part('month')} ${part('day')}, ${part('year')}, ${time} ${part('timeZoneName')}`;
}

/** formatToTheSecond in the institution's zone. */
export function useZonedTimeToTheSecond(): (iso: string) => string {
  const { time_zone } = useTenantConfig();
  return useCallback((iso: string) => formatToTheSecond(iso, time_zone), [time_zone]);
}

/**
 * An instant for a list, short ('Nov 28, 8:25 am'; the year too when it is not this year's), in the zone, with
 * the zone not named: the list names it once, in the column's header (compactZoneName). Non-breaking spaces keep
 * the date and the time each on one line.
 */
export function formatCompact(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const yearOf = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(d);
  const thisYear = yearOf(at) === yearOf(now);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(thisYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('month')}\u00a0${part('day')}${thisYear ? '' : `,\u00a0${part('year')}`}`;
  return `${date}, ${part('hour')}:${part('minute')}\u00a0${part('dayPeriod').toLowerCase()}`;
}

/** The zone's short everyday name, the same in summer and winter ('CT'), and its long one ('Central Time'). */
export function compactZoneName(timeZone: string, at: Date = new Date()): { short: string; long: string } {
  const name = (style: 'shortGeneric' | 'longGeneric') =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return { short: name('shortGeneric'), long: name('longGeneric') };
}

/** formatCompact in the institution's zone, and the zone's names for the header that names it once. */
export function useCompactZonedTime(): {
  time: (iso: string) => string;
  zone: { short: string; long: string };
} {
  const { time_zone } = useTenantConfig();
  const time = useCallback((iso: string) => formatCompact(iso, time_zone), [time_zone]);
  return { time, zone: compactZoneName(time_zone) };
}
