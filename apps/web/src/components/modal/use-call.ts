import { useState } from 'react';

/**
 * One call a dialog makes: whether it runs, and the error it ended with, kept until the next call starts or the
 * dialog clears it. `run` catches, so a failed call leaves the dialog open with its error to show; whatever the
 * dialog does on success (close, tell its owner) goes inside the call, so an error thrown there is shown too.
 * useModalCall builds on it; a dialog with rules of its own about closing (ConfirmAction, WithdrawApplication)
 * uses it directly.
 */
export function useCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (call: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await call();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(undefined), run };
}
