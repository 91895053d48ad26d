import type { TabsBody } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tabsQueryKey, type ChosenTabs } from './get-tabs';
import { useMutation } from '../../../lib/use-mutation';

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
