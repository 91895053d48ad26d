import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { ServerError, UnauthorizedError, userMessage } from '../../../lib/api-errors';
import { profileQueryKey } from '../../../shared/session/api/profile-api';

export const uploadErrorTitle = (label: string) => `Error uploading file for ${label}`;

/**
 * SPEC section 8: 'Error uploading file for {field}', named by the question's
 * label (never its key), with the server's message. A 401 is handled by the
 * query client (to /login); after a 409 APPLICATION_SUBMITTED the profile is
 * fetched again and the redirect rules show /completion.
 */
export function useUploadErrorToast(label: string) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  return useCallback(
    (error: unknown) => {
      if (error instanceof UnauthorizedError) return;
      if (error instanceof ServerError && error.code === 'APPLICATION_SUBMITTED') {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        return;
      }
      showToast({ title: uploadErrorTitle(label), description: userMessage(error), severity: 'error' });
    },
    [label, queryClient, showToast],
  );
}
