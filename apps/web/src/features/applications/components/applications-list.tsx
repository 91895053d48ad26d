import type { ApplicationsResponse, ApplicationSummary } from '@admissions/domain';
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../../../components/modal/use-call';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useOpenApplication } from '../api/applications-api';
import { ApplicationItem } from './application-item';
import { StartApplication } from './start-application';
import styles from './applications.module.css';

/**
 * The account's applications, this cycle's first, and the way to start another. Opening one that the server
 * refuses says why above the list, and focus goes there: the button that was pressed stays, but its answer is
 * not next to it.
 */
export function ApplicationsList({ list }: { list: ApplicationsResponse }) {
  const open = useOpenApplication();
  const { busy, error, run } = useCall();
  const [opening, setOpening] = useState<string>();
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error !== undefined) errorBox.current?.focus();
  }, [error]);
  const onOpen = (application: ApplicationSummary) => {
    setOpening(application.id);
    void run(() => open(application));
  };
  return (
    <>
      {error !== undefined && (
        <div ref={errorBox} tabIndex={-1} className={styles.error}>
          <InlineAlert severity="error">{userMessage(error)}</InlineAlert>
        </div>
      )}
      {list.limit > 1 && (
        <p>
          You can hold up to {list.limit} applications in the {list.open_cycle.label} admissions cycle, one for each
          program. Each is submitted, reviewed and decided on its own.
        </p>
      )}
      <ul className={styles.list} aria-label="Your applications">
        {list.applications.map((application) => (
          <ApplicationItem
            key={application.id}
            application={application}
            opening={busy && opening === application.id}
            disabled={busy}
            onOpen={() => onOpen(application)}
          />
        ))}
      </ul>
      <StartApplication list={list} />
    </>
  );
}
