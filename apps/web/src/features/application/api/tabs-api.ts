import type { TabsBody } from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** Tab group id to the chosen tab (the group's default when absent). */
export type ChosenTabs = Record<string, string>;

export const tabsQueryKey = ['tabs'] as const;

/** GET /api/tabs. */
export function getTabs(): Promise<ChosenTabs> {
  return api.get<ChosenTabs>('/api/tabs');
}

/** Asked for only while logged in: visitors see each group's default tab. */
export function useTabs(enabled: boolean) {
  return useQuery({ queryKey: tabsQueryKey, queryFn: getTabs, enabled });
}

/** PUT /api/tabs; the server also clears the answers of the group's other panes. */
export function saveTab(body: TabsBody): Promise<ChosenTabs> {
  return api.put<ChosenTabs>('/api/tabs', body);
}

export function useSaveTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTab,
    onSuccess: (saved) => queryClient.setQueryData<ChosenTabs>(tabsQueryKey, (tabs) => ({ ...tabs, ...saved })),
  });
}
