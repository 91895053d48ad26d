import { formatForReader } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationCycle } from '../api/cycle-api';
import { PastOffer } from './past-offer';
import { readerZone } from './reader-zone';
import styles from './cycles.module.css';

export const PAST_APPLICATIONS_HEADING = 'Your past applications';

/**
 * The applications a new cycle's application replaced (decision 052): each
 * one's cycle, when it was submitted (in the institution's zone, and the
 * reader's when it differs), its released decision (an offer can still be
 * answered until its reply-by) and its PDF copy. They
 * stay listed on every application page once the new one has started.
 */
export function PastApplications() {
  const { time_zone: timeZone } = useTenantConfig();
  const past = useApplicationCycle().data?.past ?? [];
  if (past.length === 0) return null;
  return (
    <section className={styles.past} aria-labelledby="past-applications">
      <h2 id="past-applications" className={styles.heading}>
        {PAST_APPLICATIONS_HEADING}
      </h2>
      <ul className={styles.list}>
        {past.map((p) => (
          <li key={p.cycle.id} className={styles.item}>
            <h3 className={styles.heading}>Admissions cycle {p.cycle.label}</h3>
            <p>
              {p.submitted_at
                ? `Submitted at ${formatForReader(p.submitted_at, timeZone, readerZone())}.`
                : 'Not submitted before the cycle closed.'}
            </p>
            {p.decision && <p>Decision: {p.decision.label}</p>}
            {p.decision?.offer && <PastOffer past={p} offer={p.decision.offer} timeZone={timeZone} />}
            <p>
              <a href={p.pdf_url} download>
                Download a PDF copy of your {p.cycle.label} application
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
