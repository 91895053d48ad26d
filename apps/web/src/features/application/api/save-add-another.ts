import type { AddAnotherBody } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addAnotherQueryKey, type AddAnotherCounts } from './get-add-another';
import { useMutation } from '../../../lib/use-mutation';

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
