import { ERROR_MESSAGES } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useApplicationChanged } from '../../../lib/application-id';
import { resetApplicationQueries } from '../../../lib/query-client';
import styles from './application-changed-notice.module.css';

export const RELOAD_ACTION = 'Reload';

/**
 * Above every screen once a form call was refused because another tab has opened a different one of the
 * applicant's applications (409 APPLICATION_CHANGED, issue 42): nothing more is written into the wrong one, and
 * Reload shows the application the session has open now, as starting a new one does (the form's state starts
 * afresh from its profile). It takes no focus when it appears, which would pull the applicant out of a field
 * mid-word: the alert is read out, and Reload is the first thing in the page's main region.
 */
export function ApplicationChangedNotice() {
  const changed = useApplicationChanged();
  const queryClient = useQueryClient();
  if (!changed) return null;
  const reload = () => {
    void resetApplicationQueries(queryClient, null);
    // The button goes with the notice: focus goes to the page, whose content now loads.
    document.getElementById('main')?.focus();
  };
  return (
    <div className={styles.notice}>
      <InlineAlert severity="error">{ERROR_MESSAGES.APPLICATION_CHANGED}</InlineAlert>
      <Button onClick={reload}>{RELOAD_ACTION}</Button>
    </div>
  );
}
