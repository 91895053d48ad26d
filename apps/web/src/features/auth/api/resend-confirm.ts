import type { ResendConfirmBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function resendConfirm(body: ResendConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/resend-confirm', body);
}

export function useResendConfirm() {
  return useMutation({ mutationFn: resendConfirm });
}
