import { formatDateInZone, formatInZone } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';

/**
 * A day as the domain writes every date ('Tuesday, 3 March 2026'), in the zone given: the institution's
 * (useLetterTimes), by default the reader's own.
 */
export function formatDay(iso: string, timeZone?: string): string {
  return formatDateInZone(iso, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * The letters' days and times in the institution's zone, written as the console writes them (issue 49): a
 * day ('Tuesday, 3 March 2026') and a time with its zone named ('9:30 pm Central Time on Tuesday, 10 March 2026').
 */
export function useLetterTimes(): { day: (iso: string) => string; moment: (iso: string) => string } {
  const { time_zone } = useTenantConfig();
  return {
    day: (iso) => formatDateInZone(iso, time_zone),
    moment: (iso) => formatInZone(iso, time_zone),
  };
}
