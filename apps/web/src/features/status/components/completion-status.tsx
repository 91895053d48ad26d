import { useClosedCycle } from '../../cycles/api/cycle-api';
import { useStatus } from '../api/status-api';
import { applicantStage, checklistSentence, isSettled } from '../applicant-stage';
import { StatusChecklist } from './status-checklist';
import styles from './status-checklist.module.css';

export const COMPLETION_STATUS_HEADING = 'Your application status';

/** The completion page's checklist: what was received and when, what is awaited, and what the applicant can do. */
export function CompletionStatus() {
  const status = useStatus();
  // A closed cycle's submitted application keeps its words; the server takes no upload or correction for it now.
  const cycleClosed = useClosedCycle() !== null;
  if (!status.data) return null;
  const { checklist, complete } = status.data;
  const stage = applicantStage(status.data);
  return (
    <section aria-labelledby="completion-status">
      <h2 id="completion-status" className={styles.heading}>
        {COMPLETION_STATUS_HEADING}
      </h2>
      <p>{checklistSentence(stage, complete)}</p>
      <StatusChecklist
        items={checklist}
        submitted
        settled={isSettled(stage)}
        readOnly={cycleClosed}
        headingId="completion-status"
      />
    </section>
  );
}
