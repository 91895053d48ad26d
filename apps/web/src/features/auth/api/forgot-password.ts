import type { ForgotPasswordBody, MessageResponse } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
