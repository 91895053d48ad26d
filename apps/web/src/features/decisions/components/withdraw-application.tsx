import { useState } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/api-errors';
import { withdrawApplication } from '../api/decision-api';

/** Withdrawal, after a confirmation dialog that says what it means; an optional reason goes with it. */
export function WithdrawApplication({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      const { message } = await withdrawApplication(reason.trim());
      setOpen(false);
      onDone(message);
    } catch (err) {
      setError(userMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Withdraw your application?"
      open={open}
      onOpenChange={setOpen}
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
      {error && <InlineAlert severity="error">{error}</InlineAlert>}
    </Modal>
  );
}
