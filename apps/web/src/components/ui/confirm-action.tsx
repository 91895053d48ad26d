import { useRef, useState, type ReactNode } from 'react';
import { userMessage } from '../../lib/api-errors';
import { ModalActions } from '../modal/modal-actions';
import { useCall } from '../modal/use-call';
import { Button, type ButtonVariant } from './button';
import { InlineAlert } from './inline-alert';
import { Modal } from './modal';

interface ConfirmActionProps {
  /** The button that opens the question. */
  label: string;
  variant?: ButtonVariant;
  /** The question, as the dialog's title. */
  title: string;
  /** What the action means, said before it is taken. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Takes the action; a thrown error is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  /** Where focus goes once the action is done (the button that opened the dialog may be gone by then). */
  focusAfter?: () => HTMLElement | null;
}

/**
 * An action that cannot be undone (issue 41): one click asks, and says what it means; only the second acts.
 * Cancel, Escape or a click outside changes nothing and returns focus to the button.
 */
export function ConfirmAction({
  label,
  variant = 'primary',
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  focusAfter,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const { busy, error, clearError, run } = useCall();
  const done = useRef(false);
  const confirm = () =>
    run(async () => {
      await onConfirm();
      done.current = true;
      setOpen(false);
    });
  return (
    <Modal
      title={title}
      open={open}
      onOpenChange={(next) => {
        if (next) clearError();
        setOpen(next);
      }}
      trigger={<Button variant={variant}>{label}</Button>}
      onCloseAutoFocus={(event) => {
        const target = done.current ? focusAfter?.() : null;
        done.current = false;
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      actions={
        <ModalActions
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          onConfirm={() => void confirm()}
          busy={busy}
        />
      }
    >
      {children}
      {error !== undefined && <InlineAlert severity="error">{userMessage(error)}</InlineAlert>}
    </Modal>
  );
}
