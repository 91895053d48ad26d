import { APPLICATIONS_PATH, type ApplicationsResponse, type ApplicationSummary } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsLoggedIn } from '../hooks/use-is-logged-in';

/** The page that lists the account's applications (issue 42). */
export const YOUR_APPLICATIONS_PATH = '/applications';

export const applicationsQueryKey = ['applications'] as const;

export function getApplications(): Promise<ApplicationsResponse> {
  return api.get<ApplicationsResponse>(APPLICATIONS_PATH);
}

/**
 * GET /api/applications: the account's applications, asked again on a visit that finds them older than a few
 * seconds (another tab may have started or submitted one), so the list a login has just fetched is not asked twice.
 */
export function useApplications() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: applicationsQueryKey,
    queryFn: getApplications,
    enabled: isLoggedIn,
    staleTime: 10_000,
    refetchOnMount: true,
    throwOnError: false,
  });
}

/** The applications of the open cycle, the only ones that can be copied from or still be withdrawn. */
export function openCycleApplications(list: ApplicationsResponse): ApplicationSummary[] {
  return list.applications.filter((a) => a.cycle.id === list.open_cycle.id);
}

/** How many applications one account may hold in a cycle (1 when the institution does not say). */
export function applicationLimit(tenant: { max_applications_per_cycle?: number }): number {
  return tenant.max_applications_per_cycle ?? 1;
}
