import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readNavigationState } from '../../lib/navigation-state';
import { useToast } from '../ui/toast/toast-context';

/**
 * SPEC section 2: a success message handed over in navigation state is shown
 * as a success toast about the screen it came with: it ends when the user
 * moves on. Shown once even when effects run twice (the same message is the
 * same toast).
 */
export function useNavigationMessageToast(): void {
  const location = useLocation();
  const { message } = readNavigationState(location.state);
  const { showToast } = useToast();

  useEffect(() => {
    if (message) showToast({ title: 'Success', description: message, severity: 'success', screen: location.pathname });
  }, [message, location.key, location.pathname, showToast]);
}
