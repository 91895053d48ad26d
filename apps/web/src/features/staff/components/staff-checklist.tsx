import { checklistRequestsPath, type StaffApplicationDetail, type StaffChecklistItem } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { api } from '../../../lib/api-client';
import { userMessage } from '../../../lib/api-errors';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { STATE_LABELS } from '../../status/components/state-labels';
import { ChecklistReceipt } from './checklist-receipt';
import { ChecklistWaiver } from './checklist-waiver';
import { hasRight, useStaffAccess } from './staff-access';
import styles from './staff.module.css';
import { useResultFocus } from './use-result-focus';
import { useMutation } from '../../../lib/use-mutation';

/** The office's checklist of one application: each item's state, who asked for or waived it, and a request form. */
export function StaffChecklist({ app }: { app: StaffApplicationDetail }) {
  // Waivers are the deciders' and administrators' (right `decide`); the server checks it again.
  const access = useStaffAccess();
  const mayWaive = hasRight(access, 'decide') && app.submitted_at !== null;
  // A paper document is received by whoever may ask for documents (reviewers, deciders, administrators).
  const mayReceive = hasRight(access, 'move_stage') && app.submitted_at !== null;
  // Asking the applicant for a document is the same right (a reader only reads: the server refuses them).
  const mayAsk = hasRight(access, 'move_stage') && app.submitted_at !== null;
  // Each action redraws its line (its form closed, its button another): focus goes to what it did (issue 49).
  const [said, setSaid] = useState('');
  const result = useResultFocus();
  const onDone = (message: string) => {
    setSaid(message);
    result.focusResult();
  };
  return (
    <section aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={styles.sectionTitle}>
        Checklist ({app.complete ? 'complete' : 'not complete'})
      </h2>
      <p ref={result.ref} tabIndex={-1} role="status">
        {said}
      </p>
      <ul className={styles.list}>
        {app.checklist.map((item) => (
          <li key={item.key}>
            <ChecklistLine item={item} />
            <div className={styles.itemActions}>
              {mayAsk && item.kind === 'document' && item.state !== 'requested' && (
                <RequestForm userId={app.user_id} item={item} onDone={onDone} />
              )}
              {mayReceive && item.kind === 'document' && (
                <ChecklistReceipt userId={app.user_id} item={item} onDone={onDone} />
              )}
              {mayWaive && (
                <ChecklistWaiver
                  userId={app.user_id}
                  item={item}
                  onDone={onDone}
                  focusAfter={() => result.ref.current}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChecklistLine({ item }: { item: StaffChecklistItem }) {
  // The institution's time with its zone named, as everywhere in the console.
  const formatTime = useZonedTime();
  return (
    <>
      <strong>{item.label}</strong>: {STATE_LABELS[item.state]}
      {item.updated_at && <> ({formatTime(item.updated_at)})</>}
      {/* Who acted, by name (issue 49); the address only for a member without one. */}
      {item.waiver_reason && (
        <>
          {' '}
          — waived{item.waived_by && <> by {item.waived_by_name ?? item.waived_by}</>}: {item.waiver_reason}
        </>
      )}
      {item.receipt && (
        <>
          {' '}
          — received by {item.receipt.received_by_name ?? item.receipt.received_by}: “{item.receipt.note}”
        </>
      )}
      {item.request && (
        <>
          {' '}
          — asked by {item.request.requested_by_name ?? item.request.requested_by}: “{item.request.message}”
          {item.request.answered_at && <> — answered {formatTime(item.request.answered_at)}</>}
        </>
      )}
      {item.earlier_documents?.map((d) => (
        <span key={d.replaced_at}>
          {' '}
          — earlier file kept: {d.file_name} (replaced {formatTime(d.replaced_at)})
        </span>
      ))}
    </>
  );
}

/** Ask the applicant of a submitted application for this document again, with a message they will read. */
function RequestForm({
  userId,
  item,
  onDone,
}: {
  userId: string;
  item: StaffChecklistItem;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => api.post(checklistRequestsPath(userId), { item_key: item.key, message }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'application', userId] });
      onDone(`The applicant was asked for ${item.label}.`);
    },
  });
  if (!open)
    return (
      <Button variant="text" onClick={() => setOpen(true)}>
        {/* "Again" only for a document that was uploaded; a transcript to be sent never was. */}
        {item.state === 'awaiting' || item.updated_at === null ? 'Ask for this' : 'Ask for this again'}
        <span className="visually-hidden">: {item.label}</span>
      </Button>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        ask.mutate();
      }}
    >
      <label htmlFor={id}>Message to the applicant about {item.label}</label>
      <textarea id={id} value={message} onChange={(e) => setMessage(e.currentTarget.value)} rows={3} required />
      <Button type="submit" loading={ask.isPending}>
        Send the request
      </Button>
      {ask.isError && <InlineAlert severity="error">{userMessage(ask.error)}</InlineAlert>}
    </form>
  );
}
