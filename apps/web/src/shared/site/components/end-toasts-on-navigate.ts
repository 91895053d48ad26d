import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';

/**
 * A toast is about the screen it was shown on: moving to another screen ends
 * it, so 'Confirm Card Error' does not follow the applicant to the login that
 * the successful confirmation led to, and 'You are logged in.' does not stay
 * beside 'You have been logged out.'.
 */
export function useEndToastsOnNavigate(): void {
  const { pathname } = useLocation();
  const { leaveScreen } = useToast();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    leaveScreen(pathname);
  }, [pathname, leaveScreen]);
}
