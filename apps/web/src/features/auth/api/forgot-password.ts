import type { ForgotPasswordBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
