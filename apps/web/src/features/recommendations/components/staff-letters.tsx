import { optionLabel, RECOMMENDER_PREFIXES, RECOMMENDER_RELATIONS, type StaffRecommendation } from '@admissions/domain';
import { useId } from 'react';
import { useZonedTime } from '../../../shared/site/zoned-time';
import styles from './staff-letters.module.css';

export const STAFF_LETTERS_HEADING = 'Letters of recommendation';

const STATUS_LABELS: Record<StaffRecommendation['status'], string> = {
  REQUESTED: 'Requested, waiting for the letter',
  RECEIVED: 'Received',
  DECLINED: 'Declined',
};

const WAIVER_LABELS = { true: 'Yes', false: 'No', null: 'Not answered' } as const;

/** The staff application page's letters: every request sent, current or replaced, with what came back. */
export function StaffLetters({
  recommendations,
  waived,
}: {
  recommendations: readonly StaffRecommendation[];
  waived: boolean | null;
}) {
  return (
    <section className={styles.section} aria-labelledby="letters-title">
      <h2 id="letters-title" className={styles.heading}>
        {STAFF_LETTERS_HEADING}
      </h2>
      <p className={styles.text}>
        Waived the right to read letters: <strong>{WAIVER_LABELS[`${waived}`]}</strong>
      </p>
      {recommendations.length === 0 ? (
        <p className={styles.text}>No letters have been requested.</p>
      ) : (
        <ul className={styles.letters}>
          {recommendations.map((r) => (
            <li key={r.id}>
              <LetterRequest recommendation={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LetterRequest({ recommendation: r }: { recommendation: StaffRecommendation }) {
  const titleId = useId();
  const which = r.prefix === RECOMMENDER_PREFIXES[0] ? 'First recommender' : 'Second recommender';
  // The institution's time with its zone named, as everywhere in the console.
  const formatTime = useZonedTime();
  return (
    <article className={styles.letter} data-current={r.current} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.letterTitle}>
        {which}: {r.name || r.email}
        {!r.current && ' (replaced)'}
      </h3>
      <dl className={styles.facts}>
        <dt>E-mail</dt>
        <dd>{r.email}</dd>
        <dt>Organization</dt>
        <dd>{r.organisation || '—'}</dd>
        <dt>Position</dt>
        <dd>{r.position || '—'}</dd>
        <dt>Relationship</dt>
        <dd>{optionLabel(RECOMMENDER_RELATIONS, r.relation) || r.relation || '—'}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[r.status]}</dd>
        <dt>Current</dt>
        <dd>{r.current ? 'Yes, the current recommender' : 'No, replaced by the applicant'}</dd>
        <dt>Requested</dt>
        <dd>{formatTime(r.requested_at)}</dd>
        {r.received_at && (
          <>
            <dt>Received</dt>
            <dd>{formatTime(r.received_at)}</dd>
            <dt>Waived when it arrived</dt>
            <dd>{WAIVER_LABELS[`${r.waived_at_receipt}`]}</dd>
          </>
        )}
        {r.declined_at && (
          <>
            <dt>Declined</dt>
            <dd>{formatTime(r.declined_at)}</dd>
          </>
        )}
        <dt>Reminders sent</dt>
        <dd>{r.reminders_sent}</dd>
        {r.status === 'DECLINED' && (
          <>
            <dt>Reason for declining</dt>
            <dd className={styles.reason}>{r.decline_reason || '—'}</dd>
          </>
        )}
        {r.letter_file_url && (
          <>
            <dt>Letter</dt>
            <dd>
              <a href={r.letter_file_url} target="_blank" rel="noreferrer">
                Open the letter{r.letter_file_name && ` (${r.letter_file_name})`} as PDF
              </a>
            </dd>
          </>
        )}
      </dl>
      {r.letter_text && (
        <>
          <h4 className={styles.textTitle}>Letter</h4>
          <blockquote className={styles.letterText}>{r.letter_text}</blockquote>
        </>
      )}
    </article>
  );
}
