import { Navigate } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { useNavigationMessageToast } from '../../../components/layout/use-navigation-message-toast';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { userMessage } from '../../../lib/api-errors';
import { useApplications } from '../../../shared/session/api/applications-api';
import { useProfile } from '../../../shared/session/api/profile-api';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { ApplicationsList } from '../components/applications-list';

export const APPLICATIONS_TITLE = 'Your applications';

/**
 * /applications (issue 42): the account's applications, which one the form pages show, and the way to open
 * another or start one. A visitor is sent to log in; staff have no applications (their page is the console).
 */
export function ApplicationsScreen() {
  usePageTitle(APPLICATIONS_TITLE);
  // A login that leads here brings its message.
  useNavigationMessageToast();
  const isLoggedIn = useIsLoggedIn();
  const profile = useProfile();
  const list = useApplications();
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  if (profile.data?.is_staff) return <Navigate to="/staff" replace />;
  return (
    <div>
      <h1>{APPLICATIONS_TITLE}</h1>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <InlineAlert severity="error">{userMessage(list.error)}</InlineAlert>
      ) : (
        <ApplicationsList list={list.data} />
      )}
    </div>
  );
}
