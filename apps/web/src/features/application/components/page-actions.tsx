import { Button } from '../../../components/ui/button';
import { neighbours } from '../form-pages';
import { useGoToPage } from '../hooks/use-go-to-page';
import { useApplicationVisit } from '../state/application-state-context';
import { SaveButton } from './save-button';
import { SaveForLaterDialog } from './save-for-later-dialog';
import { SubmitButton } from './submit-button';
import styles from './page-actions.module.css';

/**
 * The buttons under a step: Back, Save, then Save and Continue (Next for
 * visitors) or, on the last step, Submit. Visitors can also save their
 * answers behind a resume link.
 */
export function PageActions({ path }: { path: string }) {
  const { snapshot } = useApplicationVisit();
  const goToPage = useGoToPage();
  const { previous, next } = neighbours(path);

  return (
    <div className={styles.actions}>
      <div className={styles.buttons}>
        {previous && (
          <Button variant="secondary" onClick={() => void goToPage(previous.path)}>
            Back
          </Button>
        )}
        <SaveButton target={path} />
        {next ? (
          <Button onClick={() => void goToPage(next.path)}>
            {snapshot.is_logged_in ? 'Save and Continue' : 'Next'}
          </Button>
        ) : (
          <SubmitButton />
        )}
        {!snapshot.is_logged_in && <SaveForLaterDialog />}
      </div>
    </div>
  );
}
