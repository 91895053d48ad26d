import { ssoLoginUrl, useStaffSso } from '../api/staff-sso-api';
import styles from './sign-in.module.css';

/** The staff button's id, so the sign-in page can point at it (after SSO_REQUIRED). */
export const STAFF_SSO_BUTTON_ID = 'staff-sso-button';

/**
 * "Staff: sign in with {label}" on /login, when single sign-on is set up (issue 44): a link to the campus sign-in,
 * coming back to the console page the visitor came from. Nothing while the answer comes, or without one.
 */
export function StaffSsoButton({ returnTo }: { returnTo?: string }) {
  const sso = useStaffSso();
  if (!sso.data) return null;
  return (
    <div className={styles.staffSignIn}>
      <a id={STAFF_SSO_BUTTON_ID} className={styles.linkButton} href={ssoLoginUrl(sso.data, { returnTo })}>
        Staff: sign in with {sso.data.label}
      </a>
    </div>
  );
}
