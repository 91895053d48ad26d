import { checklistWaiversPath, type StaffChecklistItem } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { Modal } from '../../../components/ui/modal';
import { api } from '../../../lib/api-client';
import { CallError } from './error-text';
import styles from './staff.module.css';

/**
 * A checklist item waived or given back (decision 044, right `decide`): the
 * waiver asks for the office's reason in a dialog (the applicant sees only
 * "waived"), and taking it back is one button, since it restores what was.
 * Cancel comes first in the dialog, so Enter in it never waives by accident.
 */
export function ChecklistWaiver({ userId, item, onDone, focusAfter }: WaiverProps) {
  // A received item needs no waiver.
  if (item.state === 'received') return null;
  return item.state === 'waived' ? (
    <TakeBackWaiver userId={userId} item={item} onDone={onDone} />
  ) : (
    <WaiveDialog userId={userId} item={item} onDone={onDone} focusAfter={focusAfter} />
  );
}

interface WaiverProps {
  userId: string;
  item: StaffChecklistItem;
  /** Says what was done, in the checklist's message, which takes the focus. */
  onDone: (message: string) => void;
  /** That message: where focus goes once the dialog closes (its Waive button is gone by then). */
  focusAfter: () => HTMLElement | null;
}

/** The application's detail, whose checklist and `complete` the server recomputes. */
const refresh = (queryClient: ReturnType<typeof useQueryClient>, userId: string) =>
  queryClient.invalidateQueries({ queryKey: ['staff', 'application', userId] });

function WaiveDialog({ userId, item, onDone, focusAfter }: WaiverProps) {
  const reasonId = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const dialog = useModalCall({
    onOpen: () => {
      setReason('');
      setMissing(false);
    },
    focusAfter,
  });
  const waive = () => {
    setMissing(!reason.trim());
    if (!reason.trim()) return dialog.clearError();
    void dialog.run(async () => {
      await api.post(checklistWaiversPath(userId), { item_key: item.key, reason: reason.trim() });
      await refresh(queryClient, userId);
      onDone(`${item.label} was waived.`);
    });
  };
  return (
    <Modal
      title={`Waive ${item.label}`}
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="text">
          Waive<span className="visually-hidden">: {item.label}</span>
        </Button>
      }
      actions={<ModalActions confirmLabel="Waive" onConfirm={waive} busy={dialog.busy} />}
    >
      <div className={styles.waiverForm}>
        <p>The applicant will see this item as waived and no longer missing. The reason stays with the office.</p>
        <label htmlFor={reasonId}>Reason for the waiver</label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          rows={3}
          maxLength={2000}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${reasonId}-error` : undefined}
        />
        {missing && (
          <p id={`${reasonId}-error`} className={styles.fieldError}>
            Please give a reason for the waiver.
          </p>
        )}
        <CallError error={dialog.error} />
      </div>
    </Modal>
  );
}

function TakeBackWaiver({ userId, item, onDone }: Omit<WaiverProps, 'focusAfter'>) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const takeBack = async () => {
    setError(undefined);
    setBusy(true);
    try {
      await api.delete(`${checklistWaiversPath(userId)}?item_key=${encodeURIComponent(item.key)}`);
      await refresh(queryClient, userId);
      onDone(`The waiver of ${item.label} was taken back.`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="text" onClick={() => void takeBack()} loading={busy}>
        Take back waiver<span className="visually-hidden">: {item.label}</span>
      </Button>
      <CallError error={error} />
    </>
  );
}
