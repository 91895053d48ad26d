import { formatInZone, MESSAGE_STATES, type MessageState, type StaffMessage } from '@admissions/domain';
import { Fragment, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useStaffMessages, useStopMessage } from '../api/staff-messages-api';
import { MessageComposer } from './message-composer';
import { MessageError } from './message-error';
import { CATEGORY_INFO, recipientsText, STATE_LABELS } from './message-format';
import { MessageProgress } from './message-progress';
import { segmentSummary, type SegmentOptions } from './segment-fields';
import { useFocusResult } from './use-focus-result';
import styles from '../messages.module.css';

/** Which message the composer has open: a new one, a draft of the list, or none. */
type Open = { kind: 'none' } | { kind: 'new' } | { kind: 'draft'; message: StaffMessage };

/**
 * /staff/messages (issue 46, right `message`): the messages by state (drafts, scheduled, sending with their
 * progress, sent, stopped) and the composer. The staff feature's route wraps it in the console's gate and hands in
 * the console list's filter choices (`options`), which a segment is made of.
 */
export function MessagesOffice({ options }: { options: SegmentOptions }) {
  const list = useStaffMessages();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [said, setSaid] = useState('');
  const result = useFocusResult();
  // Closed without a result: focus goes back to the button that opens the composer.
  const write = useFocusResult<HTMLButtonElement>();
  const messages = list.data?.messages ?? [];
  const done = (text: string) => {
    setOpen({ kind: 'none' });
    setSaid(text);
    result.focusResult();
  };
  return (
    <>
      <div ref={result.ref} tabIndex={-1} className={styles.result}>
        {said && <InlineAlert severity="success">{said}</InlineAlert>}
      </div>
      {open.kind === 'none' ? (
        <p>
          <Button ref={write.ref} onClick={() => setOpen({ kind: 'new' })}>
            Write a new message
          </Button>
        </p>
      ) : (
        <MessageComposer
          key={open.kind === 'new' ? 'new' : open.message.id}
          options={options}
          message={open.kind === 'draft' ? open.message : undefined}
          current={(id) => messages.find((m) => m.id === id)}
          onDone={done}
          onClose={() => {
            setOpen({ kind: 'none' });
            setSaid('');
            write.focusResult();
          }}
        />
      )}
      {list.isError ? (
        <MessageError error={list.error} />
      ) : !list.data ? (
        <p role="status">Loading the messages…</p>
      ) : messages.length === 0 ? (
        <p>No message has been written yet.</p>
      ) : (
        MESSAGE_STATES.map((state) => (
          <StateGroup
            key={state}
            state={state}
            messages={messages.filter((m) => m.state === state)}
            timeZone={list.data.time_zone}
            options={options}
            onOpen={(message) => {
              setSaid('');
              setOpen({ kind: 'draft', message });
            }}
            onStopped={done}
          />
        ))
      )}
    </>
  );
}

function StateGroup({
  state,
  messages,
  timeZone,
  options,
  onOpen,
  onStopped,
}: {
  state: MessageState;
  messages: StaffMessage[];
  timeZone: string;
  options: SegmentOptions;
  onOpen: (message: StaffMessage) => void;
  onStopped: (said: string) => void;
}) {
  if (messages.length === 0) return null;
  const titleId = `messages-${state}`;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.heading}>
        {STATE_LABELS[state]} ({messages.length})
      </h2>
      <ul className={styles.messages}>
        {messages.map((m) => (
          <li key={m.id} className={styles.message}>
            <h3 className={styles.subheading}>{m.name}</h3>
            <dl className={styles.facts}>
              <dt>Subject</dt>
              <dd>{m.subject}</dd>
              <dt>To</dt>
              <dd>{segmentSummary(m.segment, options)}</dd>
              <dt>Category</dt>
              <dd>{CATEGORY_INFO[m.category].label}</dd>
              <dt>Written by</dt>
              <dd>{m.created_by_name ?? m.created_by}</dd>
              <When message={m} timeZone={timeZone} />
            </dl>
            {(m.state === 'draft' || m.state === 'scheduled') && !m.counts && (
              <p>About {recipientsText(m.estimated_recipients)} now.</p>
            )}
            {m.counts && <MessageProgress name={m.name} counts={m.counts} state={m.state} />}
            <div className={styles.actions}>
              {m.state === 'draft' && (
                <Button variant="secondary" aria-label={`Open the draft ${m.name}`} onClick={() => onOpen(m)}>
                  Open
                </Button>
              )}
              {(m.state === 'scheduled' || m.state === 'sending') && <StopButton message={m} onStopped={onStopped} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function When({ message: m, timeZone }: { message: StaffMessage; timeZone: string }) {
  const rows: [string, string | null][] = [
    ['Saved', m.state === 'draft' ? m.updated_at : null],
    ['Scheduled for', m.state === 'scheduled' ? m.send_at : null],
    ['Started', m.started_at],
    ['Finished', m.state === 'sent' ? m.finished_at : null],
    ['Stopped', m.stopped_at],
  ];
  return (
    <>
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, at]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{formatInZone(at, timeZone)}</dd>
          </Fragment>
        ))}
    </>
  );
}

function StopButton({ message, onStopped }: { message: StaffMessage; onStopped: (said: string) => void }) {
  const stop = useStopMessage();
  return (
    <ConfirmAction
      label={`Stop “${message.name}”`}
      variant="secondary"
      title="Stop this message?"
      confirmLabel="Stop the message"
      cancelLabel="Keep sending"
      onConfirm={async () => {
        const answer = await stop.mutateAsync(message.id);
        const sent = answer.counts?.sent ?? 0;
        onStopped(
          `“${answer.name}” is stopped: no further mail of it leaves${
            message.state === 'sending' ? ` (${recipientsText(sent)} had it already)` : ''
          }.`,
        );
      }}
    >
      <p>
        {message.state === 'scheduled'
          ? `“${message.name}” will not be sent.`
          : `No further mail of “${message.name}” leaves. What has been sent already cannot be taken back.`}{' '}
        A stopped message cannot be started again.
      </p>
    </ConfirmAction>
  );
}
