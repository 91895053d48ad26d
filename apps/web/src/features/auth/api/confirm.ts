import type { ConfirmBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function confirm(body: ConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/confirm', body);
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}
