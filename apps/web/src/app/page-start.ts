import type { QueryClient } from '@tanstack/react-query';
import { addAnotherQueryKey, getAddAnother } from '../features/application/api/add-another-api';
import { getTabs, tabsQueryKey } from '../features/application/api/tabs-api';
import { getProfile, profileQueryKey } from '../shared/session/api/profile-api';
import { isLoggedInNow } from '../shared/session/session-store';
import { tenantConfigQuery } from '../shared/site/api/tenant-api';

/**
 * Every page waits for the institution's text, and a logged-in one for the
 * applicant's data: asked for now, while the page's code is still arriving,
 * rather than one after the other once it has (the same queries the screens
 * use). The server names these very calls, PAGE_START_CALLS, in the page's
 * Link header, so the browser has usually fetched them already and this takes
 * its preloaded answers; asking for anything else would fetch twice.
 */
export function prefetchPageStart(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(tenantConfigQuery);
  if (isLoggedInNow()) {
    void queryClient.prefetchQuery({ queryKey: profileQueryKey, queryFn: getProfile });
    void queryClient.prefetchQuery({ queryKey: addAnotherQueryKey, queryFn: getAddAnother });
    void queryClient.prefetchQuery({ queryKey: tabsQueryKey, queryFn: getTabs });
  }
}
