import type { ApplicationSummary } from '@admissions/domain';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { programName, STATE_WORDS } from './state-words';
import styles from './applications.module.css';

export const CURRENT_MARK = 'Open now';

/**
 * One application in the list: what it is for, where it stands, when it was submitted (in the institution's zone)
 * and a button that opens it. Every button reads "Open"; its name says which application it opens, so a screen
 * reader's list of buttons (and a test) tells them apart.
 */
export function ApplicationItem({
  application,
  opening,
  disabled,
  onOpen,
}: {
  application: ApplicationSummary;
  opening: boolean;
  disabled: boolean;
  onOpen: () => void;
}) {
  const zoned = useZonedTime();
  const headingId = useId();
  const program = programName(application);
  return (
    <li className={styles.item} aria-labelledby={headingId} data-current={application.current || undefined}>
      <h2 id={headingId} className={styles.itemHeading}>
        {program}
      </h2>
      {application.current && (
        <p className={styles.current}>
          {CURRENT_MARK}
          <span className="visually-hidden">: this is the application your form pages show</span>
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Term</dt>
        <dd>{application.term_label ?? 'Not chosen yet'}</dd>
        <dt>Admissions cycle</dt>
        <dd>{application.cycle.label}</dd>
        <dt>Status</dt>
        <dd>{STATE_WORDS[application.state]}</dd>
        {application.submitted_at && (
          <>
            <dt>Submitted</dt>
            <dd>{zoned(application.submitted_at)}</dd>
          </>
        )}
      </dl>
      <Button
        variant={application.current ? 'primary' : 'secondary'}
        loading={opening}
        disabled={disabled}
        onClick={onOpen}
        // Starts with the visible word, so speaking "Open" still finds it (WCAG 2.5.3).
        aria-label={`Open the ${program} application, ${application.cycle.label}`}
      >
        Open
      </Button>
    </li>
  );
}
