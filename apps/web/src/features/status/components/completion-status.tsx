import { useStatus } from '../api/status-api';
import { applicantStage, checklistSentence } from '../applicant-stage';
import { StatusChecklist } from './status-checklist';
import styles from './status-checklist.module.css';

export const COMPLETION_STATUS_HEADING = 'Your application status';

/** The completion page's checklist: what was received and when, what is awaited, and what the applicant can do. */
export function CompletionStatus() {
  const status = useStatus();
  if (!status.data) return null;
  const { checklist, complete } = status.data;
  return (
    <section aria-labelledby="completion-status">
      <h2 id="completion-status" className={styles.heading}>
        {COMPLETION_STATUS_HEADING}
      </h2>
      <p>{checklistSentence(applicantStage(status.data), complete)}</p>
      <StatusChecklist items={checklist} submitted headingId="completion-status" />
    </section>
  );
}
