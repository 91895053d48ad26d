import type { AddAnotherBody, RemoveRepeatBlockResponse } from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

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

/** PUT /api/add-another; answers with the saved count of that button. */
export function saveAddAnother(body: AddAnotherBody): Promise<AddAnotherCounts> {
  return api.put<AddAnotherCounts>('/api/add-another', body);
}

export function useSaveAddAnother() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddAnother,
    onSuccess: (saved) =>
      queryClient.setQueryData<AddAnotherCounts>(addAnotherQueryKey, (counts) => ({ ...counts, ...saved })),
  });
}

/** DELETE /api/add-another/{button_id}/{number}: removes block `number` (1-based) and moves the later ones up. */
export function removeRepeatBlock(buttonId: string, number: number): Promise<RemoveRepeatBlockResponse> {
  return api.delete<RemoveRepeatBlockResponse>(`/api/add-another/${encodeURIComponent(buttonId)}/${number}`);
}
