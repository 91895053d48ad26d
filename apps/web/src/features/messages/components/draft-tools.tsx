import type { MessagePreview, StaffMessage } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useCall } from '../../../components/modal/use-call';
import { previewMessage, sendTest, useDeleteDraft, useMessageRecipients } from '../api/staff-messages-api';
import { MessageError } from './message-error';
import { recipientsText, RECIPIENT_STATE_LABELS, SUPPRESSION_LABELS } from './message-format';
import { MessageText } from './message-text';
import { SendDialog } from './send-dialog';
import { useFocusResult } from './use-focus-result';
import styles from '../messages.module.css';

/** How many recipients the draft's preview lists. */
export const RECIPIENTS_SHOWN = 20;

interface DraftToolsProps {
  message: StaffMessage;
  /** The composer holds changes not saved yet: preview, test and send would use the saved text, so they wait. */
  changed: boolean;
  onDone: (said: string) => void;
}

/** A saved draft's checks before it goes: who it reaches, how it reads for one of them, a test, then the send. */
export function DraftTools({ message, changed, onDone }: DraftToolsProps) {
  const id = useId();
  const recipients = useMessageRecipients(message.id, RECIPIENTS_SHOWN);
  const [chosen, setChosen] = useState('');
  const [preview, setPreview] = useState<MessagePreview>();
  const [tested, setTested] = useState(false);
  const previewCall = useCall();
  const testCall = useCall();
  const previewResult = useFocusResult();
  const testResult = useFocusResult();
  const remove = useDeleteDraft();
  const list = recipients.data?.recipients ?? [];
  const waiting = changed ? `${id}-unsaved` : undefined;

  const showPreview = () =>
    void previewCall
      .run(async () => {
        setPreview(undefined);
        setPreview(await previewMessage(message.id, chosen || undefined));
      })
      .then(previewResult.focusResult);
  const test = () =>
    void testCall
      .run(async () => {
        setTested(false);
        await sendTest(message.id);
        setTested(true);
      })
      .then(testResult.focusResult);

  return (
    <div className={styles.tools}>
      <p className={styles.estimate}>
        <strong>About {recipientsText(message.estimated_recipients)}</strong> (now; the list is fixed when it starts
        sending).
      </p>
      {changed && (
        <p id={`${id}-unsaved`} className={styles.notice}>
          The message has changes that are not saved: save the draft to preview, test or send them.
        </p>
      )}

      <section aria-labelledby={`${id}-recipients`}>
        <h3 id={`${id}-recipients`} className={styles.subheading}>
          First {Math.min(RECIPIENTS_SHOWN, recipients.data?.total ?? RECIPIENTS_SHOWN)} recipients
          {recipients.data ? ` of ${recipients.data.total.toLocaleString('en-US')}` : ''}
        </h3>
        {recipients.isError ? (
          <MessageError error={recipients.error} />
        ) : !recipients.data ? (
          <p>Loading the recipients…</p>
        ) : list.length === 0 ? (
          <p>No applicant matches these filters.</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby={`${id}-recipients`} tabIndex={0}>
            <table className={styles.table}>
              <caption className="visually-hidden">Who would receive the message, the first {list.length}</caption>
              <thead>
                <tr>
                  <th scope="col">Applicant</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Program</th>
                  <th scope="col">Receives it</th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.application_id}>
                    <td>{r.name || '(no name yet)'}</td>
                    <td>{r.email}</td>
                    <td>{r.program}</td>
                    <td>
                      {RECIPIENT_STATE_LABELS[r.state]}
                      {r.suppressed_reason ? ` (${SUPPRESSION_LABELS[r.suppressed_reason]})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className={styles.subheading}>
          Preview
        </h3>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-for`}>Preview for</label>
            <select id={`${id}-for`} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
              <option value="">The first recipient</option>
              {list.map((r) => (
                <option key={r.application_id} value={r.application_id}>
                  {r.name || r.email} ({r.email})
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            loading={previewCall.busy}
            disabled={changed}
            aria-describedby={waiting}
            onClick={showPreview}
          >
            Preview
          </Button>
        </div>
        <div ref={previewResult.ref} tabIndex={-1} className={styles.result} role="region" aria-label="The preview">
          {previewCall.error ? (
            <MessageError error={previewCall.error} />
          ) : (
            preview && (
              <div className={styles.preview}>
                <p>
                  <strong>Subject:</strong> {preview.subject}
                </p>
                <MessageText text={preview.body} />
              </div>
            )
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-send`}>
        <h3 id={`${id}-send`} className={styles.subheading}>
          Test and send
        </h3>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={testCall.busy}
            disabled={changed}
            aria-describedby={waiting}
            onClick={test}
          >
            Send me a test
          </Button>
          <SendDialog message={message} disabled={changed} describedBy={waiting} onSent={onDone} />
          <ConfirmAction
            label="Delete draft"
            variant="secondary"
            title="Delete this draft?"
            confirmLabel="Delete the draft"
            cancelLabel="Keep it"
            onConfirm={async () => {
              await remove.mutateAsync(message.id);
              onDone(`The draft “${message.name}” was deleted.`);
            }}
          >
            <p>The draft “{message.name}” will be gone. Nothing has been sent.</p>
          </ConfirmAction>
        </div>
        <div ref={testResult.ref} tabIndex={-1} className={styles.result}>
          {testCall.error ? (
            <MessageError error={testCall.error} />
          ) : (
            tested && (
              <InlineAlert severity="success">
                A test was sent to your own e-mail address, marked as a test, rendered for the first recipient.
              </InlineAlert>
            )
          )}
        </div>
      </section>
    </div>
  );
}
