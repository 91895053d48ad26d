import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readNavigationState } from '../../lib/navigation-state';
import { useToast } from '../ui/toast/toast-context';

/**
 * SPEC section 2: a success message handed over in navigation state is shown
 * as a success toast. Keyed by the history entry, so it shows once per visit
 * even when effects run twice.
 */
export function useNavigationMessageToast(): void {
  const location = useLocation();
  const { message } = readNavigationState(location.state);
  const { showToast } = useToast();

  useEffect(() => {
    if (message)
      showToast({ id: `navigation-${location.key}`, title: 'Success', description: message, severity: 'success' });
  }, [message, location.key, showToast]);
}
