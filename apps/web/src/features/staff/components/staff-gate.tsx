import { ERROR_MESSAGES, type StaffRight } from '@admissions/domain';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { ServerError } from '../../../lib/api-errors';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { CertificateWarning } from '../../staff-sign-in/components/certificate-warning';
import { ConsoleSignIn } from '../../staff-sign-in/components/console-sign-in';
import { SecondStepScreen } from '../../staff-sign-in/screens/second-step-screen';
import { useStaffMe } from '../api/staff-api';
import { ConsoleNav } from './console-nav';
import { hasRight } from './staff-access';
import styles from './staff.module.css';

/**
 * Only staff see the console. A visitor not signed in is sent to /login, to come back here; anyone else sees why,
 * and the way back to their own application; the server refuses them anyway (403/401). A password sign-in whose
 * second step is still to pass (401 MFA_REQUIRED) sees that step instead of the page, then the page (issue 44).
 * A member whose roles lack the page's `right` is told so, beside the sections they may use.
 */
export function StaffGate({ children, right = 'read' }: { children: ReactNode; right?: StaffRight }) {
  const isLoggedIn = useIsLoggedIn();
  const me = useStaffMe(isLoggedIn);
  const { pathname, search } = useLocation();
  if (!isLoggedIn) return <Navigate to={`/login?return_to=${encodeURIComponent(pathname + search)}`} replace />;
  if (me.isPending && !me.isError) return <PageLoading />;
  if (me.error instanceof ServerError && me.error.code === 'MFA_REQUIRED') return <SecondStepScreen />;
  // A password session begun before staff were moved to the campus sign-in (STAFF_AUTH=sso): its message.
  if (me.error instanceof ServerError && me.error.code === 'SSO_REQUIRED') return <NotStaff said={me.error.message} />;
  if (me.isError || !me.data) return <NotStaff />;
  return (
    <div className={styles.console}>
      <ConsoleNav />
      <ConsoleSignIn />
      <CertificateWarning administrator={hasRight(me.data, 'manage_team')} />
      {me.data.rights.includes(right) ? children : <RightMissing />}
    </div>
  );
}

function RightMissing() {
  usePageTitle('Not allowed');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Not allowed</h1>
      <p>{ERROR_MESSAGES.STAFF_RIGHT_MISSING}</p>
    </div>
  );
}

function NotStaff({ said }: { said?: string }) {
  usePageTitle('Admissions office');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Admissions office</h1>
      {said ? (
        <p>{said}</p>
      ) : (
        <>
          <p>This page is for the admissions office only.</p>
          <p>
            <Link to="/">Go to your application</Link>
          </p>
        </>
      )}
    </div>
  );
}
