import type { LastPageBody } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT /api/last-page: the page to bring the applicant back to after the next login. */
export function saveLastPage(body: LastPageBody): Promise<LastPageBody> {
  return api.put<LastPageBody>('/api/last-page', body);
}

export function useSaveLastPage() {
  return useMutation({ mutationFn: saveLastPage });
}
