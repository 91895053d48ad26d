import { formatInZone, zoneName, type StaffMessage } from '@admissions/domain';
import { useId, useState } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useSendMessage } from '../api/staff-messages-api';
import { MessageError } from './message-error';
import { CATEGORY_INFO, currentCount, recipientsText, scheduleTime } from './message-format';
import styles from '../messages.module.css';

interface SendDialogProps {
  message: StaffMessage;
  disabled: boolean;
  /** Why the button waits, when it does. */
  describedBy?: string;
  /** Sent or scheduled: what happened, said on the page (the composer closes). */
  onSent: (said: string) => void;
}

/** What was typed, as a count: digits only (spaces and thousands' commas allowed). */
const typedCount = (typed: string) => (/^[\d\s,]+$/.test(typed) ? Number(typed.replace(/[\s,]/g, '')) : NaN);

/**
 * The send (issue 46): the dialog says how many recipients there are now and asks the member to type that number
 * back, and the button that sends stays disabled until it matches. It goes now, or at a date and time picked in the
 * institution's zone (sent with that zone's offset). A count that has changed since is refused by the server, and the
 * dialog then shows the new number to type.
 */
export function SendDialog({ message, disabled, describedBy, onSent }: SendDialogProps) {
  const id = useId();
  const { time_zone: zone } = useTenantConfig();
  const [typed, setTyped] = useState('');
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [local, setLocal] = useState('');
  const [count, setCount] = useState(message.estimated_recipients);
  const send = useSendMessage();
  // Each opening starts afresh, from the draft's count as it now stands.
  const dialog = useModalCall({
    onOpen: () => {
      setTyped('');
      setWhen('now');
      setLocal('');
      setCount(message.estimated_recipients);
    },
  });
  const at = when === 'at' && local ? scheduleTime(local, zone) : null;
  const past = at !== null && at.instant.getTime() <= Date.now();
  const matches = typedCount(typed) === count;
  const timeReady = when === 'now' || (at !== null && !past);

  const confirm = () =>
    dialog.run(async () => {
      try {
        const answer = await send.mutateAsync({
          id: message.id,
          confirm_count: count,
          ...(when === 'at' && at ? { at: at.iso } : {}),
        });
        onSent(
          answer.state === 'scheduled' && answer.send_at
            ? `“${answer.name}” is scheduled for ${formatInZone(answer.send_at, zone)}, to ${recipientsText(count)}.`
            : `“${answer.name}” is being sent to ${recipientsText(count)}.`,
        );
      } catch (error) {
        // The number has changed since: the dialog now says the new one, and waits for it to be typed.
        const now = currentCount(error);
        if (now !== undefined) setCount(now);
        throw error;
      }
    });

  return (
    <Modal
      title="Send the message"
      size="s"
      {...dialog.modal}
      trigger={
        <Button disabled={disabled} aria-describedby={describedBy}>
          Send…
        </Button>
      }
      actions={
        <ModalActions
          confirmLabel={when === 'now' ? `Send to ${recipientsText(count)}` : `Schedule for ${recipientsText(count)}`}
          onConfirm={() => void confirm()}
          busy={dialog.busy}
          confirmDisabled={!matches || !timeReady}
        />
      }
    >
      <p>
        “{message.subject}” goes to <strong>{recipientsText(count)}</strong> (
        {CATEGORY_INFO[message.category].label.toLowerCase()}
        ). Once it has started it can be stopped, but what has left cannot be taken back.
      </p>
      <TextField
        label="Type the number of recipients to confirm"
        description={`Type ${count.toLocaleString('en-US')}. The send button waits until the number matches.`}
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>When</legend>
        <div className={styles.choice}>
          <input type="radio" id={`${id}-now`} checked={when === 'now'} onChange={() => setWhen('now')} />
          <label htmlFor={`${id}-now`}>Now</label>
        </div>
        <div className={styles.choice}>
          <input type="radio" id={`${id}-at`} checked={when === 'at'} onChange={() => setWhen('at')} />
          <label htmlFor={`${id}-at`}>Schedule for a date and time</label>
        </div>
      </fieldset>
      {when === 'at' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-time`}>
            Schedule for (date and time, {zoneName(at?.instant ?? new Date(), zone)})
          </label>
          <input
            id={`${id}-time`}
            type="datetime-local"
            value={local}
            aria-invalid={(local !== '' && (!at || past)) || undefined}
            aria-describedby={`${id}-time-note`}
            onChange={(e) => setLocal(e.currentTarget.value)}
          />
          <p id={`${id}-time-note`} className={styles.help} aria-live="polite">
            {local && !at
              ? `That time does not exist in ${zoneName(new Date(), zone)} (the clocks skip it).`
              : past
                ? 'Please choose a time in the future, or send it now.'
                : at
                  ? `It will go at ${formatInZone(at.instant, zone)}.`
                  : 'Pick the date and time it is to go.'}
          </p>
        </div>
      )}
      <MessageError error={dialog.error} />
    </Modal>
  );
}
