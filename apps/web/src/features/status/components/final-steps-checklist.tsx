import { useId } from 'react';
import { useApplicationCycle } from '../../cycles/api/cycle-api';
import { useSetReminders, useStatus } from '../api/status-api';
import { applicantStage, checklistSentence, isSettled } from '../applicant-stage';
import { StatusChecklist } from './status-checklist';
import styles from './status-checklist.module.css';

export const FINAL_STEPS_CHECKLIST_HEADING = 'Your checklist';

/**
 * Before submission, on Final Steps: the same list (the office has no items yet), and the deadline reminders.
 * An application whose cycle closed before it was submitted gets neither deadline nor reminders: it can no
 * longer be submitted (decision 052).
 */
export function FinalStepsChecklist() {
  const status = useStatus();
  // Drawn once the cycle is known too, so that a closed cycle's application never shows the open one's words first.
  const cycle = useApplicationCycle();
  const reminders = useSetReminders();
  const checkboxId = useId();
  if (!status.data || cycle.isLoading) return null;
  const { checklist, complete, deadline } = status.data;
  const stage = applicantStage(status.data, cycle.data?.closed != null);
  const open = stage === 'in_progress';
  return (
    <section aria-labelledby="final-steps-checklist">
      <h2 id="final-steps-checklist" className={styles.heading}>
        {FINAL_STEPS_CHECKLIST_HEADING}
      </h2>
      <p>{checklistSentence(stage, complete)}</p>
      {open && deadline && <p>The application deadline is {deadline}.</p>}
      <StatusChecklist
        items={checklist}
        submitted={false}
        settled={isSettled(stage)}
        headingId="final-steps-checklist"
      />
      {open && (
        <div className={styles.reminders}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={status.data.reminders}
            disabled={reminders.isPending}
            onChange={(e) => reminders.mutate(e.currentTarget.checked)}
          />
          <label htmlFor={checkboxId}>E-mail me a reminder of missing items before the deadline</label>
        </div>
      )}
    </section>
  );
}
