import type { SignupBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function signup(body: SignupBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
