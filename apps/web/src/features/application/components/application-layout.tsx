import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { NavigationState } from '../../../lib/navigation-state';
import { useIsLoggedIn } from '../../session/hooks/use-is-logged-in';
import { COMPLETION_PAGE, DEFAULT_FORM_PATH } from '../form-pages';
import { ApplicationStateProvider } from '../state/application-state-provider';
import { useApplicationState } from '../state/application-state-context';
import styles from './application-layout.module.css';

/**
 * The layout route around the form pages: their shared state, and the
 * redirect rules of SPEC section 2. A login or logout starts the state afresh.
 */
export function ApplicationLayout() {
  const isLoggedIn = useIsLoggedIn();
  return (
    <div className={styles.reserve}>
      <ApplicationStateProvider key={isLoggedIn ? 'applicant' : 'visitor'}>
        <RedirectRules />
      </ApplicationStateProvider>
    </div>
  );
}

/** Submitted: every page is /completion. Not submitted: /completion is the default page. */
function RedirectRules() {
  const { snapshot, completionMessage, setCompletionMessage } = useApplicationState();
  const { pathname, search } = useLocation();
  const submitted = snapshot.web_status === 'submitted';
  const onCompletion = pathname === COMPLETION_PAGE.path;

  // The submit's success message goes with the one move to /completion, not with later ones.
  useEffect(() => {
    if (onCompletion && completionMessage) setCompletionMessage(undefined);
  }, [onCompletion, completionMessage, setCompletionMessage]);

  if (submitted && !onCompletion) {
    const state: NavigationState | undefined = completionMessage ? { message: completionMessage } : undefined;
    return <Navigate to={{ pathname: COMPLETION_PAGE.path, search }} state={state} replace />;
  }
  if (!submitted && onCompletion) return <Navigate to={{ pathname: DEFAULT_FORM_PATH, search }} replace />;
  return <Outlet />;
}
