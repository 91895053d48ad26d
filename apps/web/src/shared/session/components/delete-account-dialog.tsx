import { CONFIRM_USERNAME_MISMATCH, normalizeEmail } from '@admissions/domain';
import { useId, useState, type FormEvent } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ServerError, UnauthorizedError, userMessage } from '../../../lib/api-errors';
import { useDeleteAccount } from '../api/account-api';

interface DeleteAccountDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes without deleting (the menu that opened it is gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

export const TYPE_TO_CONFIRM = 'Type your e-mail address to confirm';

/**
 * Deleting the account, confirmed by typing its address (issue 31). The server checks the address again and
 * refuses once the application is submitted; its message is shown here, beside the field it concerns.
 */
export function DeleteAccountDialog({ username, open, onOpenChange, onCloseAutoFocus }: DeleteAccountDialogProps) {
  const formId = useId();
  const [typed, setTyped] = useState('');
  // The same check as the server's, before asking it: the button stays enabled, and says why when pressed too soon.
  const [mismatch, setMismatch] = useState(false);
  const remove = useDeleteAccount(() => onOpenChange(false));
  const serverFieldErrors = remove.error instanceof ServerError ? remove.error.errors?.confirm_username : undefined;
  const fieldErrors = mismatch ? [CONFIRM_USERNAME_MISMATCH] : serverFieldErrors;
  const otherError =
    remove.error && !serverFieldErrors && !(remove.error instanceof UnauthorizedError) ? remove.error : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const matches = normalizeEmail(typed) === normalizeEmail(username);
    setMismatch(!matches);
    if (matches) remove.mutate(typed);
  };
  const setOpen = (next: boolean) => {
    if (!next) {
      setTyped('');
      setMismatch(false);
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <Modal
      title="Delete Your Account"
      size="s"
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={onCloseAutoFocus}
      actions={
        <ModalActions confirmLabel="Delete My Account" form={formId} busy={remove.isPending} closableWhileBusy />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <p>
          Your application, its answers, your uploaded documents and your account will be deleted for good. This cannot
          be undone. You can download your data first from the Account menu.
        </p>
        <TextField
          label={TYPE_TO_CONFIRM}
          description={`The address you log in with: ${username}`}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          errors={fieldErrors}
        />
        {otherError && <InlineAlert severity="error">{userMessage(otherError)}</InlineAlert>}
      </form>
    </Modal>
  );
}
