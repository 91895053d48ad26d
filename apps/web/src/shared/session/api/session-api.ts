import type { MessageResponse } from '@admissions/domain';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import type { NavigationState } from '../../../lib/navigation-state';
import { leaveApp } from '../../../lib/leave-app';
import { leaveForLogin } from '../leave-for-login';
import { signOutPage } from '../sign-out-page';
import { useMutation } from '../../../lib/use-mutation';

export function logout(): Promise<MessageResponse> {
  return api.get<MessageResponse>('/api/logout');
}

/**
 * Logs out, forgets the user's data and goes to /login with the server's message. A session that ends elsewhere
 * (sign-out-page.ts) leaves for that page instead, and the call stays busy while the browser goes.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const page = await signOutPage();
      if (page === null) return logout();
      leaveApp.go(page);
      return new Promise<MessageResponse>(() => {});
    },
    onSuccess: ({ message }) => {
      const state: NavigationState = { message };
      return leaveForLogin(navigate, state);
    },
  });
}
