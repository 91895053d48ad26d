import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { ModalClose } from '../ui/modal';

interface ModalActionsProps {
  /** The confirming button's text, which names what it does ('Remove', 'Record for 3 applications'). */
  confirmLabel: ReactNode;
  /** What the confirming button does; leave it out when it submits `form`. */
  onConfirm?: () => void;
  /** The id of the form the confirming button submits (its own submit handler checks and acts). */
  form?: string;
  cancelLabel?: string;
  /** The call runs: the confirming button shows it, and Cancel waits so the dialog is not closed halfway. */
  busy?: boolean;
  /** The dialog may close while its call runs (Escape closes it too), so Cancel stays enabled. */
  closableWhileBusy?: boolean;
  /** The confirming button waits for something the dialog asks for (a choice, a time). */
  confirmDisabled?: boolean;
}

/**
 * The footer of a dialog that asks before it acts: Cancel, then the confirming button. Cancel comes first, so
 * Enter on a dialog just opened never confirms by accident; it closes the dialog as Escape does, and focus goes
 * where the dialog says (back to the button that opened it, unless it moves it on).
 * Give it to Modal's `actions`.
 */
export function ModalActions({
  confirmLabel,
  onConfirm,
  form,
  cancelLabel = 'Cancel',
  busy = false,
  closableWhileBusy = false,
  confirmDisabled,
}: ModalActionsProps) {
  return (
    <>
      <ModalClose asChild>
        <Button variant="secondary" disabled={busy && !closableWhileBusy}>
          {cancelLabel}
        </Button>
      </ModalClose>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onConfirm}
        loading={busy}
        disabled={confirmDisabled}
      >
        {confirmLabel}
      </Button>
    </>
  );
}
