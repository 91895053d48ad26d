import type { ResendConfirmBody, MessageResponse } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resendConfirm(body: ResendConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/resend-confirm', body);
}

export function useResendConfirm() {
  return useMutation({ mutationFn: resendConfirm });
}
