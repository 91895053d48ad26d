import { formatForReader, type RecommendationView } from '@admissions/domain';
import { useLetterTimes } from './format-dates';
import styles from './recommend-page.module.css';

/** Whether the applicant may read the letter, said plainly for each answer. */
export function waiverText(applicant: string, waived: boolean | null): string {
  if (waived === true) return `${applicant} has waived the right to read your letter.`;
  if (waived === false)
    return `${applicant} has not waived the right to read your letter, so they may ask to see it if they enroll.`;
  return `${applicant} has not said whether they waive the right to read your letter.`;
}

/** Who asks, for which program at which institution, and what the recommender should know before writing. */
export function RequestDetails({ view }: { view: RecommendationView }) {
  // Asked for several applications (issue 42): the one letter counts for each program.
  const several = view.programs.length > 1;
  // The days in the institution's zone, written as every date is (issue 49).
  const { day } = useLetterTimes();
  return (
    <>
      {view.recommender_name && <p className={styles.text}>Dear {view.recommender_name},</p>}
      <p className={styles.text}>
        {view.applicant_name} has asked you for a letter of recommendation for their{' '}
        {several ? 'applications' : 'application'} to {view.program} at {view.institution}.
        {several && ' One letter is enough: the letter you send counts for each of these applications.'}
      </p>
      <dl className={styles.facts}>
        <dt>Applicant</dt>
        <dd>{view.applicant_name}</dd>
        <dt>{several ? 'Programs' : 'Program'}</dt>
        <dd>{view.program}</dd>
        <dt>Institution</dt>
        <dd>{view.institution}</dd>
        <dt>Asked on</dt>
        <dd>{day(view.requested_at)}</dd>
        <dt>Reading your letter</dt>
        <dd>{waiverText(view.applicant_name, view.waived)}</dd>
        {view.letter_due && (
          <>
            <dt>Letter due by</dt>
            <dd>
              {formatForReader(
                view.letter_due.at,
                view.letter_due.time_zone,
                Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
              )}
            </dd>
          </>
        )}
        <dt>This link works until</dt>
        <dd>{day(view.expires_at)}</dd>
      </dl>
    </>
  );
}
