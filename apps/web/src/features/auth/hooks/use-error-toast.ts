import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { UnauthorizedError, userMessage } from '../../../lib/api-errors';

/**
 * Shows a failed call as an error toast named e.g. 'Login Card Error' with the
 * server's message (SPEC section 8). A 401 is left to the unauthorized path.
 */
export function useErrorToast(title: string): (error: unknown) => void {
  const { showToast } = useToast();
  return useCallback(
    (error: unknown) => {
      if (error instanceof UnauthorizedError) return;
      showToast({ title, description: userMessage(error), severity: 'error' });
    },
    [showToast, title],
  );
}
