import type { MessageResponse } from '@admissions/domain';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import type { NavigationState } from '../../../lib/navigation-state';
import { leaveForLogin } from '../leave-for-login';
import { useMutation } from '../../../lib/use-mutation';

export function logout(): Promise<MessageResponse> {
  return api.get<MessageResponse>('/api/logout');
}

/** Logs out, forgets the user's data and goes to /login with the server's message. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: ({ message }) => {
      const state: NavigationState = { message };
      return leaveForLogin(navigate, state);
    },
  });
}
