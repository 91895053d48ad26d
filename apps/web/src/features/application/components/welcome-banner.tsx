import { WELCOME_BANNER_MAX_LOGINS } from '@admissions/domain';
import { memo } from 'react';
import { Link } from 'react-router';
import type { NavigationState } from '../../../lib/navigation-state';
import { useClosedCycle } from '../../cycles/api/cycle-api';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useStatus } from '../../status/api/status-api';
import { applicantStage, isBeforeDecision, isSettled } from '../../status/applicant-stage';
import type { ClientSnapshot } from '../state/client-snapshot';
import { nonEmptyAnswers } from '../state/answers-store';
import { useApplicationAnswers, useApplicationVisit } from '../state/application-state-context';
import styles from './welcome-banner.module.css';

/**
 * SPEC section 1: shown to submitted applicants, to visitors, and to
 * logged-in applicants who have not yet changed page and have logged in
 * fewer than WELCOME_BANNER_MAX_LOGINS times.
 */
export function isWelcomeBannerVisible(snapshot: ClientSnapshot): boolean {
  if (snapshot.is_service_user) return false;
  if (snapshot.web_status === 'submitted' || !snapshot.is_logged_in) return true;
  return !snapshot.has_changed_page && snapshot.num_logins < WELCOME_BANNER_MAX_LOGINS;
}

interface WelcomeBannerProps {
  /** Drawn before the answers are loaded: the thanks of a submitted application, which names the applicant, waits for them. */
  beforeAnswers?: boolean;
}

// Memoised: drawn by the state's provider, it would otherwise be drawn again with every edit. It reads the
// answers only where it shows them (a visitor's link, a submitted applicant's name).
export const WelcomeBanner = memo(function WelcomeBanner({ beforeAnswers = false }: WelcomeBannerProps) {
  const { snapshot } = useApplicationVisit();
  // An application never submitted before its cycle closed is not picked up again (decision 052).
  const closed = useClosedCycle() !== null;
  if (!isWelcomeBannerVisible(snapshot)) return null;
  if (beforeAnswers && snapshot.web_status === 'submitted') return null;

  let content;
  if (snapshot.web_status === 'submitted') content = <SubmittedWelcome />;
  else if (!snapshot.is_logged_in) content = <VisitorWelcome />;
  else if (closed) content = <p className={styles.lead}>Welcome back!</p>;
  else if (snapshot.num_logins === 1) content = <FirstLoginWelcome />;
  else content = <WelcomeBack />;

  return (
    <section className={styles.banner} aria-label="Welcome">
      {content}
    </section>
  );
});

function VisitorWelcome() {
  const { partnerName, applicationTitle } = useTenantConfig();
  const { answers, hasAnswers } = useApplicationAnswers();
  const state: NavigationState | undefined = hasAnswers ? { answers: nonEmptyAnswers(answers) } : undefined;
  return (
    <>
      <p className={styles.lead}>Welcome! Apply to the graduate programs of {partnerName}.</p>
      <p className={styles.text}>Start the {applicationTitle} now; no account is needed until you save.</p>
      <ul className={styles.points}>
        <li>Get a quick admission decision</li>
        <li>No test scores required</li>
        <li>No application fee</li>
      </ul>
      <p className={styles.returning}>
        Already started an application?{' '}
        <Link to="/login" state={state}>
          Log in to continue
        </Link>
      </p>
    </>
  );
}

function FirstLoginWelcome() {
  const { partnerName, applicationTitle } = useTenantConfig();
  return (
    <>
      <p className={styles.lead}>Welcome to your application to {partnerName}!</p>
      <p className={styles.text}>This is the {applicationTitle}.</p>
      <p className={styles.text}>
        There are three steps: About You, Education and Final Steps. Your answers are saved as you go, so you can stop
        and come back at any time.
      </p>
    </>
  );
}

function WelcomeBack() {
  return (
    <>
      <p className={styles.lead}>Welcome back!</p>
      <p className={styles.text}>
        Pick up where you left off. Your answers are saved as you go; when every step is complete, submit your
        application from Final Steps.
      </p>
    </>
  );
}

function SubmittedWelcome() {
  const { partnerName, federalAidLinks } = useTenantConfig();
  const name = (useApplicationAnswers().answers.first_name ?? '').trim();
  // Until the status is known, as before a decision; a decided or withdrawn application is told nothing it contradicts.
  const status = useStatus().data;
  const stage = status ? applicantStage(status) : 'waiting';
  // Declined or withdrawn: no step is left to take.
  if (isSettled(stage))
    return (
      <>
        <p className={styles.lead}>{name ? `Thank you, ${name}!` : 'Thank you!'}</p>
        <p className={styles.text}>Congratulations on submitting your application to {partnerName}.</p>
      </>
    );
  return (
    <>
      <p className={styles.lead}>{name ? `Thank you, ${name}!` : 'Thank you!'}</p>
      <p className={styles.text}>
        Congratulations on submitting your application to {partnerName}. Here are your final steps:
      </p>
      <ul className={styles.steps}>
        {isBeforeDecision(stage) && <li>Watch your e-mail: we will let you know our decision quickly.</li>}
        <li>
          Apply for financial aid:{' '}
          {federalAidLinks.map((link, i) => (
            <span key={link.url}>
              {i > 0 && ', '}
              <a href={link.url}>{link.label}</a>
            </span>
          ))}
          .
        </li>
        <li>Send any official transcripts you have not uploaded.</li>
      </ul>
    </>
  );
}
