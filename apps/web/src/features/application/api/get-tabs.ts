import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
