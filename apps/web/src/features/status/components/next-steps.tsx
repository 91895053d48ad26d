import type { ApplicantStage } from '../applicant-stage';
import styles from './next-steps.module.css';

const CONTACT = 'If we need anything else from you, we will contact you at the address you signed up with.';

/** The completion page's "What happens next", as far as it is still true at this stage (issue 41). */
export function NextSteps({ stage }: { stage: ApplicantStage }) {
  switch (stage) {
    case 'withdrawn':
      return <p>Your application was withdrawn. We will not review it further.</p>;
    case 'declined':
      return <p>The offer was declined, so this application goes no further.</p>;
    case 'accepted':
      return (
        <ol className={styles.list}>
          <li>You told us that you will enroll; we sent you a confirmation by e-mail.</li>
          <li>Should your plans change, please write to the admissions office.</li>
          <li>{CONTACT}</li>
        </ol>
      );
    case 'decided':
      return (
        <ol className={styles.list}>
          <li>Our decision is above; we also sent you an e-mail about it.</li>
          <li>{CONTACT}</li>
        </ol>
      );
    case 'waiting':
    case 'complete':
      return (
        <ol className={styles.list}>
          <li>We have e-mailed you a confirmation of your submission.</li>
          <li>The admissions team reviews your application; you will hear from us about our decision by e-mail.</li>
          <li>{CONTACT}</li>
        </ol>
      );
    // Not on the completion page: an application there is submitted.
    case 'in_progress':
    case 'closed':
      return null;
  }
}
