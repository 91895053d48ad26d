import type { ResetPasswordBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
