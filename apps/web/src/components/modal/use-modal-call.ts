import { useState } from 'react';
import { useCall } from './use-call';

interface ModalCallOptions {
  /** Each opening starts afresh: what the dialog asks for is reset here (its draft, its choice). */
  onOpen?: () => void;
  /** Where focus goes once the call is done, when the button that opened the dialog is gone or disabled by then. */
  focusAfter?: () => HTMLElement | null;
}

/**
 * A dialog that makes one call: whether it is open, the call running and its error. While the call runs the dialog
 * cannot be closed (Escape, Cancel or a click outside), so nobody takes a half-done action for a cancelled one; once
 * it is done the dialog closes, and focus goes to `focusAfter` when given. Spread `modal` on the Modal.
 */
export function useModalCall({ onOpen, focusAfter }: ModalCallOptions = {}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const { busy, error, clearError, run: runCall } = useCall();
  const run = (call: () => Promise<void>) =>
    runCall(async () => {
      await call();
      setDone(true);
      setOpen(false);
    });
  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) {
      clearError();
      setDone(false);
      onOpen?.();
    }
    setOpen(next);
  };
  const onCloseAutoFocus = (event: Event) => {
    if (!done || !focusAfter) return;
    event.preventDefault();
    focusAfter()?.focus();
  };
  return {
    modal: { open, onOpenChange, onCloseAutoFocus },
    busy,
    error,
    /** A check in the browser refused the call: the last call's error no longer stands. */
    clearError,
    run,
  };
}
