import { Link } from 'react-router';
import { carryAnswers, useNavigationState } from '../../../lib/navigation-state';
import { useTenantConfig } from '../../site/api/get-tenant-config';
import styles from './welcome-banner.module.css';

/**
 * The banner for visitors who are not logged in (SPEC section 1). The
 * variants for logged-in applicants (first login, welcome back, submitted)
 * need the profile and arrive with the form.
 */
export function WelcomeBanner() {
  const { partnerName } = useTenantConfig();
  const { answers } = useNavigationState();
  return (
    <section className={styles.banner} aria-label="Welcome">
      <p className={styles.lead}>Welcome! Apply to the graduate programs of {partnerName}.</p>
      <ul className={styles.points}>
        <li>Get a quick admission decision</li>
        <li>No test scores required</li>
        <li>No application fee</li>
      </ul>
      <p className={styles.returning}>
        Already started an application?{' '}
        <Link to="/login" state={carryAnswers(answers)}>
          Log in to continue
        </Link>
      </p>
    </section>
  );
}
