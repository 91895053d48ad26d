import { formatForReader } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useApplicationForm } from '../../../components/form/application-form-context';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationCycle, useRestartApplication, useStartNewCycle } from '../api/cycle-api';
import { NewCycleDialog } from './new-cycle-dialog';
import { readerZone } from './reader-zone';
import styles from './cycles.module.css';

/**
 * Above every application page while the live application belongs to a
 * closed cycle (decision 052): it is read-only, and the applicant can start
 * one for the open cycle. A submitted one starts empty at once (its answers
 * were judged in its own cycle); an unsubmitted one asks whether to carry
 * the answers over.
 */
export function ClosedCycleNotice() {
  const { time_zone: timeZone } = useTenantConfig();
  const { form } = useApplicationForm();
  const cycle = useApplicationCycle().data;
  const start = useStartNewCycle();
  const restart = useRestartApplication();
  const closed = cycle?.closed;
  if (!cycle || !closed) return null;
  const open = cycle.open_cycle.label;
  // A submitted one keeps its own status words below (the office may still decide it); one never submitted has
  // none, so this is its heading and says what is left to do: read it, or start the open cycle's.
  return (
    <section className={styles.notice} aria-labelledby="closed-cycle">
      {closed.submitted ? (
        <>
          <h2 id="closed-cycle" className={styles.heading}>
            The {closed.cycle.label} admissions cycle has closed
          </h2>
          <p>
            You submitted this application
            {closed.submitted_at && <> at {formatForReader(closed.submitted_at, timeZone, readerZone())}</>}. It can no
            longer be changed; its status, any decision and its PDF copy stay here for you to read.
          </p>
          <p>Applications for {open} are open.</p>
          <Button loading={start.isPending} onClick={() => start.mutate(false, { onSuccess: () => void restart() })}>
            Start an application for {open}
          </Button>
        </>
      ) : (
        <>
          <h2 id="closed-cycle" className={styles.heading}>
            This application was not submitted
          </h2>
          <p>
            The {closed.cycle.label} admissions cycle closed before this application was submitted, so it can no longer
            be changed or submitted. You can still read it here.
          </p>
          <p>
            Applications for {open} are open: you can start one, with the answers of this application copied into it if
            you wish.
          </p>
          <NewCycleDialog openLabel={open} form={form} />
        </>
      )}
      {start.isError && <InlineAlert severity="error">{userMessage(start.error)}</InlineAlert>}
    </section>
  );
}
