import type { MessageResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { applicationsQueryKey } from '../../../shared/session/api/applications-api';

/**
 * POST /api/submit: the server validates again and decides. 422
 * APPLICATION_INCOMPLETE carries its errors; a repeat after success is a no-op.
 */
export function submitApplication(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/submit');
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    // "Your applications" shows this one as submitted from now on (issue 42).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
