import type { OtherApplicationState, StaffApplicationDetail, StaffOtherApplication } from '@admissions/domain';
import { Link } from 'react-router';
import styles from './staff.module.css';

/** Where another application stands; the server never tells a provisional decision here. */
const STATE_LABELS: Record<OtherApplicationState, string> = {
  'in-progress': 'In progress',
  submitted: 'Submitted',
  released: 'Decision released',
  viewed: 'Decision seen by the applicant',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Withdrawn',
};

/**
 * The person's other applications on an application's page (issue 42): each with its program, cycle and state,
 * linked where the member may open it. One to a program outside the member's programs comes without any of
 * it: the server tells only that it exists.
 */
export function OtherApplications({ app }: { app: StaffApplicationDetail }) {
  const others = app.other_applications;
  return (
    <section aria-labelledby="other-applications-title">
      <h2 id="other-applications-title" className={styles.sectionTitle}>
        Other applications by this person
      </h2>
      {others.length === 0 ? (
        <p>This person has no other application.</p>
      ) : (
        <ul className={styles.list}>
          {others.map((other, i) => (
            <li key={other.user_id ?? `unseen-${i}`}>
              <OtherLine other={other} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OtherLine({ other }: { other: StaffOtherApplication }) {
  if (other.program === null || other.state === null) {
    return <>An application to a program outside yours</>;
  }
  const program = other.program_label || 'No program chosen yet';
  return (
    <>
      {other.link && other.user_id ? <Link to={`/staff/applications/${other.user_id}`}>{program}</Link> : program}
      {`, ${other.cycle_label ?? ''}: ${STATE_LABELS[other.state]}`}
    </>
  );
}
