import type { LoginBody, MessageResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../shared/session/session-store';
import { useMutation } from '../../../lib/use-mutation';

export function login(body: LoginBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/login', body);
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    // The server has just set the login cookie: let everyone see it.
    onSuccess: () => refreshSession(),
  });
}
