import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Button id to the number of blocks shown (default 1 when absent). */
export type AddAnotherCounts = Record<string, number>;

export const addAnotherQueryKey = ['add-another'] as const;

/** GET /api/add-another. */
export function getAddAnother(): Promise<AddAnotherCounts> {
  return api.get<AddAnotherCounts>('/api/add-another');
}

/** Asked for only while logged in: visitors see the default counts. */
export function useAddAnother(enabled: boolean) {
  return useQuery({ queryKey: addAnotherQueryKey, queryFn: getAddAnother, enabled });
}
