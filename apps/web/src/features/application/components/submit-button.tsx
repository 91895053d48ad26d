import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogErrorBoundary, useDialogError } from '../../../components/ui/dialog-error-boundary';
import { useSubmitAction } from '../hooks/use-submit-action';
import { isHandledElsewhere } from '../state/handled-errors';
import styles from './action-buttons.module.css';

/** SPEC section 4 Submit button, inside its error dialog (SPEC section 8). */
export function SubmitButton() {
  return (
    <DialogErrorBoundary>
      <SubmitControl />
    </DialogErrorBoundary>
  );
}

function SubmitControl() {
  const submit = useSubmitAction();
  const reportError = useDialogError();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await submit();
    } catch (error) {
      if (!isHandledElsewhere(error)) reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button className={styles.submit} loading={busy} onClick={() => void onClick()}>
      Submit
    </Button>
  );
}
