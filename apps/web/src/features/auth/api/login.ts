import type { LoginBody, MessageResponse } from '@admissions/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../session/session-store';

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
