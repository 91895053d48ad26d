import type { SignInStatus } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/staff/sign-in-status (administrators): whether the identity provider's certificate expires soon. */
export function useSignInStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'sign-in-status'],
    queryFn: () => api.get<SignInStatus>('/api/staff/sign-in-status'),
    enabled,
    // A warning, not the page: without an answer the console simply shows none.
    throwOnError: false,
  });
}
