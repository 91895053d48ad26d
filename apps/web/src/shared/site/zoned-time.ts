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
