import { deriveWebStatus } from '@admissions/domain';
import { useState } from 'react';
import { AccountPopover } from '../../../components/layout/account-popover';
import { useToast } from '../../../components/ui/toast/toast-context';
import { UnauthorizedError, userMessage } from '../../../lib/api-errors';
import { carryAnswers, useNavigationState } from '../../../lib/navigation-state';
import { useTenantConfig } from '../../site/api/tenant-api';
import { applicationLimit, YOUR_APPLICATIONS_PATH } from '../api/applications-api';
import { useLogout } from '../api/session-api';
import { useProfile } from '../api/profile-api';
import { useIsLoggedIn } from '../hooks/use-is-logged-in';
import { runBeforeLogout } from '../before-logout';
import { useVisitorAnswers } from '../visitor-answers';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The header's account popover, wired to the session. */
export function AccountMenu() {
  const isLoggedIn = useIsLoggedIn();
  const profile = useProfile();
  const logout = useLogout();
  const navigation = useNavigationState();
  // On the form pages a visitor's answers are in memory; elsewhere they travel in navigation state.
  const answers = useVisitorAnswers() ?? navigation.answers;
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // "Your applications" only where one person may hold several: elsewhere the form is the applicant's one.
  const listsApplications =
    applicationLimit(useTenantConfig()) > 1 && profile.data !== undefined && !profile.data.is_staff;
  // An applicant's own data: a staff member's account holds no application, so the office is not offered it.
  const offersMyData = profile.data !== undefined && !profile.data.is_staff;
  // The server refuses a submitted application's account and a staff member's: neither is offered the button.
  const deletable =
    profile.data !== undefined && !profile.data.is_staff && deriveWebStatus(profile.data.web_status) !== 'submitted';

  // Unsaved answers are saved first, so logging out never loses work.
  const onLogOut = async () => {
    await runBeforeLogout();
    logout.mutate(undefined, {
      // The menu would otherwise stay open over the login page.
      onSuccess: () => setOpen(false),
      onError: (error) => {
        // A 401 already took the unauthorized path (back to /login).
        if (error instanceof UnauthorizedError) return;
        showToast({ title: 'Log Out Error', description: userMessage(error), severity: 'error' });
      },
    });
  };

  return (
    <>
      <AccountPopover
        isLoggedIn={isLoggedIn}
        username={profile.data?.username}
        onLogOut={() => void onLogOut()}
        loggingOut={logout.isPending}
        linkState={carryAnswers(answers)}
        open={open}
        onOpenChange={setOpen}
        applicationsPath={listsApplications ? YOUR_APPLICATIONS_PATH : undefined}
        offersMyData={offersMyData}
        onDeleteAccount={
          deletable
            ? () => {
                setOpen(false);
                setDeleting(true);
              }
            : undefined
        }
      />
      {/* Mounted whatever the profile: a dialog removed while open would leave the page inert. */}
      {(profile.data || deleting) && (
        <DeleteAccountDialog
          username={profile.data?.username ?? ''}
          open={deleting}
          onOpenChange={setDeleting}
          onCloseAutoFocus={(event) => {
            // The menu that opened the dialog is closed: focus goes back to the Account button.
            event.preventDefault();
            document.querySelector<HTMLElement>('[data-account-trigger]')?.focus();
          }}
        />
      )}
    </>
  );
}
