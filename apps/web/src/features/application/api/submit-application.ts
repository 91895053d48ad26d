import type { MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/**
 * POST /api/submit: the server validates again and decides. 422
 * APPLICATION_INCOMPLETE carries its errors; a repeat after success is a no-op.
 */
export function submitApplication(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/submit');
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
