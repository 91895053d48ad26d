import type { PublicTenantConfig } from '@admissions/domain';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

export function getTenantConfig(): Promise<PublicTenantConfig> {
  return api.get<PublicTenantConfig>('/public/tenant');
}

export const tenantConfigQuery = queryOptions({
  queryKey: [PUBLIC_QUERY_SCOPE, 'tenant'],
  queryFn: getTenantConfig,
});

/** The institution's text (SPEC section 1); suspends until it has arrived. */
export function useTenantConfig(): PublicTenantConfig {
  return useSuspenseQuery(tenantConfigQuery).data;
}
