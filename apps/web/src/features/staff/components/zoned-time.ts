import { formatInZone } from '@admissions/domain';
import { useCallback } from 'react';
import { useTenantConfig } from '../../site/api/get-tenant-config';

/**
 * Times in the console are the institution's, with the zone named
 * ('9:00 am Central Time on Monday, 2 November 2026'), so an office spread
 * over several zones reads the same time.
 */
export function useZonedTime(): (iso: string) => string {
  const { time_zone } = useTenantConfig();
  return useCallback((iso: string) => formatInZone(iso, time_zone), [time_zone]);
}

/** How long ago an instant was, in whole days or hours ('3 days', '5 hours', 'under an hour'). */
export function durationSince(iso: string, now: number = Date.now()): string {
  const hours = Math.floor((now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}
