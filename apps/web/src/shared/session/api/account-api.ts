import { DELETE_ACCOUNT_PATH, type MessageResponse } from '@admissions/domain';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import type { NavigationState } from '../../../lib/navigation-state';
import { leaveForLogin } from '../leave-for-login';
import { useMutation } from '../../../lib/use-mutation';

export function deleteAccount(confirmUsername: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', DELETE_ACCOUNT_PATH, { confirm_username: confirmUsername });
}

/**
 * Deletes the account (the server ends its sessions) and leaves for /login with the server's message, as logout
 * does. `onDeleted` runs first: the dialog closes before the page changes under it.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: ({ message }) => {
      onDeleted();
      const state: NavigationState = { message };
      return leaveForLogin(navigate, state);
    },
  });
}
