import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';

/**
 * An error toast is about the screen it was shown on: moving to another
 * screen ends it, so 'Confirm Card Error' does not follow the applicant to
 * the login that the successful confirmation led to.
 */
export function useDismissErrorsOnNavigate(): void {
  const { pathname } = useLocation();
  const { dismissErrors } = useToast();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    dismissErrors(pathname);
  }, [pathname, dismissErrors]);
}
