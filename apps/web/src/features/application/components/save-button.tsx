import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogErrorBoundary, useDialogError } from '../../../components/ui/dialog-error-boundary';
import { useSaveAction } from '../hooks/use-save-action';
import { isHandledElsewhere } from '../state/handled-errors';
import styles from './action-buttons.module.css';

/** SPEC section 4 Save button, inside its error dialog (SPEC section 8). */
export function SaveButton({ target }: { target: string }) {
  return (
    <DialogErrorBoundary>
      <SaveControl target={target} />
    </DialogErrorBoundary>
  );
}

function SaveControl({ target }: { target: string }) {
  const save = useSaveAction();
  const reportError = useDialogError();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await save(target);
    } catch (error) {
      if (!isHandledElsewhere(error)) reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" className={styles.save} loading={busy} onClick={() => void onClick()}>
      Save
    </Button>
  );
}
