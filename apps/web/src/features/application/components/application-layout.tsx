import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { useApplicationOpening } from '../../../lib/application-id';
import type { NavigationState } from '../../../lib/navigation-state';
import { PrintView } from '../../service/components/print-view';
import { useProfile } from '../../../shared/session/api/profile-api';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { useIsServiceUser } from '../../../shared/session/hooks/use-is-service-user';
import { COMPLETION_PAGE, DEFAULT_FORM_PATH } from '../form-pages';
import { ApplicationStateProvider } from '../state/application-state-provider';
import { useApplicationForm, useApplicationVisit } from '../state/application-state-context';
import styles from './application-layout.module.css';

/**
 * The layout route around the form pages: their shared state, and the
 * redirect rules of SPEC section 2. A login or logout starts the state afresh.
 */
export function ApplicationLayout() {
  // SPEC section 6: ?service_token= is the print view, whoever is logged in here: no profile, no redirects.
  return useIsServiceUser() ? <PrintView /> : <ApplicantLayout />;
}

function ApplicantLayout() {
  const isLoggedIn = useIsLoggedIn();
  const profile = useProfile();
  // Another application opened in this tab (issue 42) starts the form's state afresh, whatever the profile's timing.
  const opening = useApplicationOpening();
  // Staff have no application of their own: their start page is the console (docs/decisions/011-staff-console.md).
  // A failed profile stays on the loading state: a 401 is on its way to /login, anything else to the error boundary
  // (mounting the form state would ask for the profile again, and again).
  // The height is held while the profile loads too: the footer would otherwise be drawn under the header and then
  // jump down when the page arrives (CLS on a slow network).
  if (isLoggedIn && !profile.isSuccess) {
    return (
      <div className={styles.reserve}>
        <PageLoading />
      </div>
    );
  }
  if (isLoggedIn && profile.data?.is_staff) return <Navigate to="/staff" replace />;
  return (
    <div className={styles.reserve}>
      <ApplicationStateProvider key={isLoggedIn ? `applicant-${opening}` : 'visitor'}>
        <RedirectRules />
      </ApplicationStateProvider>
    </div>
  );
}

/** Submitted: every page is /completion. Not submitted: /completion is the default page. */
function RedirectRules() {
  const { snapshot, completionMessage } = useApplicationVisit();
  const { setCompletionMessage } = useApplicationForm();
  const { pathname, search } = useLocation();
  const submitted = snapshot.web_status === 'submitted';
  const onCompletion = pathname === COMPLETION_PAGE.path;

  // One object per message: <Navigate> navigates again whenever its state changes identity, and a
  // re-render while the lazy /completion route loads would otherwise start the move afresh, forever.
  const state = useMemo<NavigationState | undefined>(
    () => (completionMessage ? { message: completionMessage } : undefined),
    [completionMessage],
  );

  // The submit's success message goes with the one move to /completion, not with later ones.
  useEffect(() => {
    if (onCompletion && completionMessage) setCompletionMessage(undefined);
  }, [onCompletion, completionMessage, setCompletionMessage]);

  if (submitted && !onCompletion) {
    return <Navigate to={{ pathname: COMPLETION_PAGE.path, search }} state={state} replace />;
  }
  if (!submitted && onCompletion) return <Navigate to={{ pathname: DEFAULT_FORM_PATH, search }} replace />;
  return <Outlet />;
}
