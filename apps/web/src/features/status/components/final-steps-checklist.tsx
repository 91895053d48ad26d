import { useId } from 'react';
import { useSetReminders, useStatus } from '../api/status-api';
import { StatusChecklist } from './status-checklist';
import styles from './status-checklist.module.css';

export const FINAL_STEPS_CHECKLIST_HEADING = 'Your checklist';

/** Before submission, on Final Steps: the same list (the office has no items yet), and the deadline reminders. */
export function FinalStepsChecklist() {
  const status = useStatus();
  const reminders = useSetReminders();
  const checkboxId = useId();
  if (!status.data) return null;
  const { checklist, deadline } = status.data;
  return (
    <section aria-labelledby="final-steps-checklist">
      <h2 id="final-steps-checklist" className={styles.heading}>
        {FINAL_STEPS_CHECKLIST_HEADING}
      </h2>
      {deadline && <p>The application deadline is {deadline}.</p>}
      <StatusChecklist items={checklist} submitted={false} headingId="final-steps-checklist" />
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
    </section>
  );
}
