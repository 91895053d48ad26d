import type { QueryClient } from '@tanstack/react-query';
import {
  applicationLimit,
  applicationsQueryKey,
  getApplications,
  openCycleApplications,
  YOUR_APPLICATIONS_PATH,
} from '../../../shared/session/api/get-applications';

/**
 * Where a login leads (issue 42): the form ('/', which resolves to the default form page) for one application, as
 * always; the list of applications for an account with several in the open cycle, so the applicant chooses which
 * one to continue. Only an institution that takes several asks (one call, kept for the list page), and not when
 * the visitor's answers travel into the application the form opens (asksWhereToLand). Any failure leads to the
 * form, as before.
 */
export function asksWhereToLand(
  tenant: { max_applications_per_cycle?: number } | undefined,
  carriesAnswers: boolean,
): boolean {
  return !carriesAnswers && tenant !== undefined && applicationLimit(tenant) > 1;
}

export async function landingAfterLogin(queryClient: QueryClient): Promise<string> {
  try {
    const list = await getApplications();
    queryClient.setQueryData(applicationsQueryKey, list);
    return openCycleApplications(list).length > 1 ? YOUR_APPLICATIONS_PATH : '/';
  } catch {
    return '/';
  }
}
