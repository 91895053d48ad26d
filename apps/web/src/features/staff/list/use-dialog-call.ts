import { useState } from 'react';

/** The list's "Select all on this page" box: focus goes there once an action is done (its button is then disabled). */
export const SELECT_ALL_ID = 'select-all-on-page';

/** A dialog that makes one call: open, busy, the call's error, and focus to "Select all" once it is done. */
export function useDialogCall() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await call();
      setDone(true);
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) {
      setError(undefined);
      setDone(false);
    }
    setOpen(next);
  };
  const onCloseAutoFocus = (event: Event) => {
    if (!done) return;
    event.preventDefault();
    document.getElementById(SELECT_ALL_ID)?.focus();
  };
  return { open, onOpenChange, onCloseAutoFocus, error, busy, run };
}
