import type { SignupBody, MessageResponse } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function signup(body: SignupBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
