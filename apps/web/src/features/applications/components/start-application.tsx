import type { ApplicationsResponse } from '@admissions/domain';
import { openCycleApplications } from '../../../shared/session/api/applications-api';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { StartApplicationDialog } from './start-application-dialog';
import styles from './applications.module.css';

/**
 * "Start another application" while the server says one can be started and a program is left to apply for;
 * otherwise the reason, in words, where the button would be.
 */
export function StartApplication({ list }: { list: ApplicationsResponse }) {
  const tenant = useTenantConfig();
  const thisCycle = openCycleApplications(list);
  const applied = new Set(thisCycle.map((a) => a.program));
  // One application per program and cycle: those already applied for are not offered again.
  const programs = tenant.programs.filter((p) => !applied.has(p.code));
  const cycle = list.open_cycle.label;
  return (
    <section className={styles.start} aria-labelledby="start-another">
      <h2 id="start-another" className={styles.sectionHeading}>
        Another application
      </h2>
      {list.can_start && programs.length > 0 ? (
        <>
          <p>You can apply for another program in the {cycle} admissions cycle.</p>
          <StartApplicationDialog programs={programs} thisCycle={thisCycle} />
        </>
      ) : (
        <p>{reason(list, thisCycle.length, programs.length, cycle)}</p>
      )}
    </section>
  );
}

function reason(list: ApplicationsResponse, held: number, left: number, cycle: string): string {
  if (held >= list.limit)
    return `You have ${held} ${held === 1 ? 'application' : 'applications'} in the ${cycle} admissions cycle, as many as one person may hold, so you cannot start another.`;
  if (list.can_start && left === 0)
    return `You have an application for every program in the ${cycle} admissions cycle, so there is none left to start.`;
  return 'A new application cannot be started at the moment.';
}
