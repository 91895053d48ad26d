import { useState } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useCall } from '../../../components/modal/use-call';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/api-errors';
import { withdrawApplication } from '../api/withdrawal-api';

/** Withdrawal, after a confirmation dialog that says what it means; an optional reason goes with it. */
export function WithdrawApplication({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  // Once withdrawn the trigger goes with the section, so the dialog must not hand focus back to it: the page
  // moves focus to its new heading itself (onDone), whether the status arrives before the dialog closes or after.
  const [withdrawn, setWithdrawn] = useState(false);
  // Not useModalCall: this dialog may close while the call runs (closableWhileBusy), which that hook forbids.
  const { busy, error, run } = useCall();
  const confirm = () =>
    run(async () => {
      const { message } = await withdrawApplication(reason.trim());
      setWithdrawn(true);
      setOpen(false);
      onDone(message);
    });
  return (
    <Modal
      title="Withdraw your application?"
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={(event: Event) => {
        if (withdrawn) event.preventDefault();
      }}
      trigger={<Button variant="secondary">Withdraw my application</Button>}
      actions={
        <ModalActions
          cancelLabel="Keep my application"
          confirmLabel="Withdraw"
          onConfirm={() => void confirm()}
          busy={busy}
          closableWhileBusy
        />
      }
    >
      <p>If you withdraw, we stop considering your application. This cannot be undone here.</p>
      <label htmlFor="withdraw-reason">Reason (optional)</label>
      <textarea id="withdraw-reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      {error !== undefined && <InlineAlert severity="error">{userMessage(error)}</InlineAlert>}
    </Modal>
  );
}
