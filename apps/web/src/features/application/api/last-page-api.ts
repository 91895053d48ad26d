import type { LastPageBody } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** PUT /api/last-page: the page to bring the applicant back to after the next login. */
export function saveLastPage(body: LastPageBody): Promise<LastPageBody> {
  return api.put<LastPageBody>('/api/last-page', body);
}

export function useSaveLastPage() {
  return useMutation({ mutationFn: saveLastPage });
}
