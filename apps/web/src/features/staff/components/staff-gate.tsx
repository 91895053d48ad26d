import { ERROR_MESSAGES, type StaffRight } from '@admissions/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useIsLoggedIn } from '../../../shared/session/hooks/use-is-logged-in';
import { useStaffMe } from '../api/staff-api';
import { ConsoleNav } from './console-nav';
import styles from './staff.module.css';

/**
 * Only staff see the console. Anyone else sees why, and the way back to
 * their own application; the server refuses them anyway (403/401). A member
 * whose roles lack the page's `right` is told so, beside the sections they may use.
 */
export function StaffGate({ children, right = 'read' }: { children: ReactNode; right?: StaffRight }) {
  const isLoggedIn = useIsLoggedIn();
  const me = useStaffMe(isLoggedIn);
  if (!isLoggedIn) return <NotStaff loggedIn={false} />;
  if (me.isPending && !me.isError) return <PageLoading />;
  if (me.isError || !me.data) return <NotStaff loggedIn />;
  return (
    <div className={styles.console}>
      <ConsoleNav />
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

function NotStaff({ loggedIn }: { loggedIn: boolean }) {
  usePageTitle('Admissions office');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Admissions office</h1>
      <p>This page is for the admissions office only.</p>
      {loggedIn ? (
        <p>
          <Link to="/">Go to your application</Link>
        </p>
      ) : (
        <p>
          <Link to="/login">Log in</Link> with a staff account to see the applications.
        </p>
      )}
    </div>
  );
}
