import { formatForReader } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useApplicationForm } from '../../application/state/application-state-context';
import { useTenantConfig } from '../../site/api/get-tenant-config';
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
  return (
    <section className={styles.notice} aria-labelledby="closed-cycle">
      <h2 id="closed-cycle" className={styles.heading}>
        The {closed.cycle.label} admissions cycle has closed
      </h2>
      {closed.submitted_at ? (
        <p>
          You submitted this application at {formatForReader(closed.submitted_at, timeZone, readerZone())}. It can no
          longer be changed; its status, any decision and its PDF copy stay here for you to read.
        </p>
      ) : (
        <p>
          This application was not submitted before its cycle closed, so it can no longer be changed or submitted. You
          can read it here.
        </p>
      )}
      <p>Applications for {open} are open.</p>
      {closed.submitted ? (
        <Button loading={start.isPending} onClick={() => start.mutate(false, { onSuccess: () => void restart() })}>
          Start an application for {open}
        </Button>
      ) : (
        <NewCycleDialog openLabel={open} form={form} />
      )}
      {start.isError && <InlineAlert severity="error">{userMessage(start.error)}</InlineAlert>}
    </section>
  );
}
