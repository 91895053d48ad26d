import {
  APPLICATION_CYCLE_PATH,
  NEW_CYCLE_PATH,
  type ApplicationCycleResponse,
  type NewCycleResponse,
} from '@admissions/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetApplicationQueries } from '../../../lib/query-client';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { useIsServiceUser } from '../../../shared/session/hooks/use-is-service-user';
import { useMutation } from '../../../lib/use-mutation';

export const applicationCycleKey = ['application-cycle'] as const;

/**
 * GET /api/application/cycle (decision 052): whether the applicant's
 * application belongs to a closed cycle, and the past ones. Only a logged-in
 * applicant has one; a failure shows nothing of it (the form still works).
 */
export function useApplicationCycle() {
  const isLoggedIn = useIsLoggedIn();
  const isServiceUser = useIsServiceUser();
  return useQuery({
    queryKey: applicationCycleKey,
    queryFn: () => api.get<ApplicationCycleResponse>(APPLICATION_CYCLE_PATH),
    enabled: isLoggedIn && !isServiceUser,
    throwOnError: false,
  });
}

/** The closed cycle the live application belongs to (read-only), or null. */
export function useClosedCycle() {
  return useApplicationCycle().data?.closed ?? null;
}

/** POST /api/application/new-cycle: the open cycle's application, with the old answers carried over when asked. */
export function useStartNewCycle() {
  return useMutation({
    mutationFn: (carryOver: boolean) => api.post<NewCycleResponse>(NEW_CYCLE_PATH, { carry_over: carryOver }),
  });
}

/**
 * Everything the app holds of the applicant's application is now the old
 * one's: forget it and ask again. The form's layout shows its loading state
 * while the profile is asked again, so the form state starts afresh from the
 * new application, and its redirect rules take the applicant to the form.
 * The new application is the session's current one: the page forgets the
 * old one's id, and the profile's answer names the new one (issue 42).
 */
export function useRestartApplication() {
  const queryClient = useQueryClient();
  return () => restartApplication(queryClient);
}

export function restartApplication(queryClient: QueryClient) {
  return resetApplicationQueries(queryClient, null);
}
