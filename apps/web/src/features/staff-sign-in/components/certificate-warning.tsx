import { useZonedTime } from '../../../shared/site/zoned-time';
import { useSignInStatus } from '../api/sign-in-status-api';
import styles from './sign-in.module.css';

/**
 * Administrators' warning, 30 days ahead, that the identity provider's signing certificate expires (issue 44):
 * after that date nobody signs in with the campus account until IT renews it. `administrator`: the caller may
 * manage the team; nobody else is asked.
 */
export function CertificateWarning({ administrator }: { administrator: boolean }) {
  const status = useSignInStatus(administrator);
  const time = useZonedTime();
  const expiresAt = status.data?.idp_certificate_expires_at;
  if (!administrator || !status.data?.idp_certificate_expiring || !expiresAt) return null;
  const past = new Date(expiresAt).getTime() <= Date.now();
  return (
    <div className={styles.warning} role="region" aria-label="Sign-in warning">
      <strong>Warning: </strong>
      The campus sign-in certificate {past ? 'expired' : 'expires'} at {time(expiresAt)}: ask IT to renew it.
    </div>
  );
}
