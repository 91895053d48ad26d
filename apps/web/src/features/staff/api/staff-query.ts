import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';

/**
 * The office's working screens show a refusal (a 403 for a missing right, a
 * 404 for an application outside the member's programs) in the page, by its
 * code, instead of the app's error screen; a 401 still takes the app to login.
 */
export const showErrorInPage = {
  throwOnError: (error: Error) => !(error instanceof UnauthorizedError) && !('status' in error),
  staleTime: 0,
  refetchOnMount: 'always' as const,
};

/** A working screen's read: GET `path` as a query under `queryKey`, its refusal shown in the page. */
export function useStaffGet<T>(queryKey: QueryKey, path: string) {
  return useQuery({ queryKey, queryFn: () => api.get<T>(path), ...showErrorInPage });
}

export const enc = encodeURIComponent;
