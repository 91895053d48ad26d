import type { ConfirmBody, MessageResponse } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function confirm(body: ConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/confirm', body);
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}
