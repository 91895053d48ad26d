import { checklistReceiptsPath, type StaffChecklistItem } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { api } from '../../../lib/api-client';
import { userMessage } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/**
 * A document the office received itself, a paper transcript the school sent (issue 41, right `move_stage`):
 * marked received with a note only the office reads, or the mark taken back. The applicant reads "Received".
 */
export function ChecklistReceipt({
  userId,
  item,
  onDone,
}: {
  userId: string;
  item: StaffChecklistItem;
  /** Says what was done, in the checklist's message, which takes the focus. */
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff', 'application', userId] });
  const mark = useMutation({
    mutationFn: () => api.post(checklistReceiptsPath(userId), { item_key: item.key, note }),
    onSuccess: async () => {
      setOpen(false);
      await refresh();
      onDone(`${item.label} was marked received.`);
    },
  });
  const takeBack = useMutation({
    mutationFn: () => api.delete(`${checklistReceiptsPath(userId)}?item_key=${encodeURIComponent(item.key)}`),
    onSuccess: async () => {
      await refresh();
      onDone(`The receipt of ${item.label} was taken back.`);
    },
  });
  if (item.receipt)
    return (
      <>
        <Button variant="text" loading={takeBack.isPending} onClick={() => takeBack.mutate()}>
          Take back the receipt<span className="visually-hidden">: {item.label}</span>
        </Button>
        {takeBack.isError && <InlineAlert severity="error">{userMessage(takeBack.error)}</InlineAlert>}
      </>
    );
  // Uploaded and received, or waived: nothing to receive.
  if (item.state === 'received' || item.state === 'waived') return null;
  if (!open)
    return (
      <Button variant="text" onClick={() => setOpen(true)}>
        Mark received<span className="visually-hidden">: {item.label}</span>
      </Button>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        mark.mutate();
      }}
    >
      <label htmlFor={id}>How {item.label} arrived (for the office only)</label>
      <textarea id={id} value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={2} required />
      <Button type="submit" loading={mark.isPending}>
        Mark received
      </Button>
      {mark.isError && <InlineAlert severity="error">{userMessage(mark.error)}</InlineAlert>}
    </form>
  );
}
