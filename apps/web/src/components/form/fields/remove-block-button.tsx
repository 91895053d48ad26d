import { useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { ModalActions } from '../../modal/modal-actions';
import { Modal } from '../../ui/modal';

interface RemoveBlockButtonProps {
  /** 'School 2': what is removed, as its heading names it. */
  name: string;
  /** Whether later blocks exist to move up (changes what the confirmation says). */
  followers: boolean;
  onRemove: () => Promise<void>;
  /** Once removed, focus goes here rather than back to this button (which may be gone). */
  focusAfterRemoval: () => void;
}

/**
 * 'Remove School 2', with a confirmation that says what goes and what moves.
 * The dialog stays open while the removal runs, and when it fails (the
 * error is shown as a toast) so the applicant can try again or cancel.
 */
export function RemoveBlockButton({ name, followers, onRemove, focusAfterRemoval }: RemoveBlockButtonProps) {
  const [open, setOpen] = useState(false);
  const removed = useRef(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onRemove();
      removed.current = true;
      setOpen(false);
    } catch {
      // Told by the toast; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Remove ${name}?`}
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      onCloseAutoFocus={(event) => {
        if (!removed.current) return;
        removed.current = false;
        event.preventDefault();
        focusAfterRemoval();
      }}
      trigger={<Button variant="secondary">{`Remove ${name}`}</Button>}
      actions={<ModalActions confirmLabel={`Remove ${name}`} onConfirm={() => void confirm()} busy={busy} />}
    >
      <p>
        {`Everything you entered for ${name} will be deleted.`}
        {followers && ' The schools after it move up one place.'}
      </p>
    </Modal>
  );
}
