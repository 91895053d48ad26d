import { deadlineOf, programLabelOf } from '@admissions/domain';
import { useEffect, useRef, useState } from 'react';
import { useClosedCycle } from '../../cycles/api/cycle-api';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationAnswers } from '../state/application-state-context';
import { deadlineSentences, type DeadlinePhase } from './deadline-status';
import styles from './program-deadline.module.css';

const TICK_MS = 30_000;

/** The browser's own zone; undefined when the platform does not say. */
function readerZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * The chosen program's deadline, in the institution's zone and the reader's
 * own (issue 29), with a countdown in its last 48 hours and the closed state
 * before the applicant presses Submit. The countdown is read, not announced:
 * only a change of phase (a day left, an hour left, the grace, closed) goes to
 * the polite live region.
 */
export function ProgramDeadline() {
  const tenant = useTenantConfig();
  const { answers } = useApplicationAnswers();
  const program = answers.applied_major ?? '';
  const deadline = program ? deadlineOf(tenant, program) : undefined;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const shown = deadline
    ? deadlineSentences(programLabelOf(tenant, program), deadline, tenant.time_zone, readerZone(), now)
    : undefined;
  const announced = usePhaseAnnouncement(shown?.phase, shown ? [shown.when, shown.countdown].join(' ') : '');
  // A closed cycle's application can no longer be submitted: the open cycle's deadline is not its own (decision 052).
  const closed = useClosedCycle() !== null;
  if (!shown || closed) return null;
  return (
    <div className={styles.deadline} data-phase={shown.phase} data-testid="program-deadline">
      <p>{shown.when}</p>
      {shown.countdown && <p>{shown.countdown}</p>}
      <div className="visually-hidden" aria-live="polite">
        {announced}
      </div>
    </div>
  );
}

/** The text to announce: empty at first, the sentences once the phase changes while the page is open. */
function usePhaseAnnouncement(phase: DeadlinePhase | undefined, text: string): string {
  const seen = useRef(phase);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (phase === seen.current) return;
    seen.current = phase;
    if (phase && phase !== 'open') setAnnounced(text);
  }, [phase, text]);
  return announced;
}
