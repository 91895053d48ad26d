import {
  MESSAGE_BODY_MAX,
  MESSAGE_CATEGORIES,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_SUBJECT_MAX,
  type MessageCategory,
  type StaffMessage,
} from '@admissions/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { TextField } from '../../../components/ui/text-field';
import { useSaveDraft, type MessageDraft } from '../api/staff-messages-api';
import { DraftTools } from './draft-tools';
import { MessageError } from './message-error';
import {
  CATEGORY_INFO,
  draftErrors,
  PLACEHOLDER_INFO,
  placeholderText,
  recipientsText,
  type DraftFields,
} from './message-format';
import { SegmentFields, segmentChoiceOf, segmentOf, type SegmentChoice, type SegmentOptions } from './segment-fields';
import { useFocusResult } from './use-focus-result';
import styles from '../messages.module.css';

interface ComposerProps {
  options: SegmentOptions;
  /** The draft opened from the list; none for a new message. */
  message?: StaffMessage;
  /** The draft as the list now has it, once saved (its estimate kept fresh there). */
  current: (id: string) => StaffMessage | undefined;
  /** The draft left the composer (sent, scheduled, deleted): what happened, said on the page. */
  onDone: (said: string) => void;
  onClose: () => void;
}

/**
 * The composer (issue 46): a name, the recipients (the console list's filters), the category, the subject and the
 * body with its placeholders. Saved as a draft, it tells about how many it reaches and who the first are, and offers
 * the preview, a test to oneself and the send; a draft changed since it was saved is saved again before those.
 */
export function MessageComposer({ options, message, current, onDone, onClose }: ComposerProps) {
  const [name, setName] = useState(message?.name ?? '');
  const [subject, setSubject] = useState(message?.subject ?? '');
  const [body, setBody] = useState(message?.body ?? '');
  const [category, setCategory] = useState<MessageCategory>(message?.category ?? 'transactional');
  const [choice, setChoice] = useState<SegmentChoice>(() => segmentChoiceOf(message?.segment));
  const [errors, setErrors] = useState<Partial<Record<keyof DraftFields, string[]>>>({});
  const [saved, setSaved] = useState<StaffMessage | undefined>(message);
  const [savedNow, setSavedNow] = useState(false);
  const save = useSaveDraft();
  const result = useFocusResult();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Opened (a new message, or a draft from the list): the composer's heading takes the focus, as a new page's would.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const bodyArea = useRef<HTMLTextAreaElement>(null);
  // A refused save puts the focus on the first field that says why, once the messages are drawn.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const draft: MessageDraft = {
    name: name.trim(),
    segment: segmentOf(choice, message?.segment.cycle),
    subject: subject.trim(),
    body: body.trim(),
    category,
  };
  const draftNow = saved ? (current(saved.id) ?? saved) : undefined;
  // What was last saved, as the composer sent it (the server may write it its own way): preview, test and send use
  // the saved text, so they wait while the composer holds another.
  const [savedText, setSavedText] = useState(() => (message ? JSON.stringify(draft) : undefined));
  const changed = savedText !== JSON.stringify(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftErrors({ name, subject, body });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    save.mutate(
      { id: saved?.id, draft },
      {
        onSuccess: (answer) => {
          setSaved(answer);
          setSavedText(JSON.stringify(draft));
          setSavedNow(true);
          result.focusResult();
        },
        onError: () => {
          setSavedNow(false);
          result.focusResult();
        },
      },
    );
  };

  const insert = (placeholder: string) => {
    const area = bodyArea.current;
    const text = placeholderText(placeholder);
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + text + body.slice(end));
    // Back to the body, the cursor after what was put in, to write on.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const bodyErrors = errors.body ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className={styles.composer}>
      <h2 ref={title} id={`${id}-title`} tabIndex={-1} className={`${styles.heading} ${styles.result}`}>
        {saved ? `Draft: ${saved.name}` : 'New message'}
      </h2>
      <form ref={form} noValidate onSubmit={submit} className={styles.form} aria-labelledby={`${id}-title`}>
        <TextField
          label="Name"
          description="Only the office sees it, in the list of messages."
          value={name}
          maxLength={200}
          errors={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <SegmentFields options={options} choice={choice} onChange={setChoice} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Category</legend>
          {MESSAGE_CATEGORIES.map((c) => (
            <div key={c} className={styles.categoryChoice}>
              <div className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-category`}
                  id={`${id}-${c}`}
                  checked={category === c}
                  aria-describedby={`${id}-${c}-meaning`}
                  onChange={() => setCategory(c)}
                />
                <label htmlFor={`${id}-${c}`}>{CATEGORY_INFO[c].label}</label>
              </div>
              <p id={`${id}-${c}-meaning`} className={styles.help}>
                {CATEGORY_INFO[c].meaning}
              </p>
            </div>
          ))}
        </fieldset>
        <TextField
          label="Subject"
          description="Placeholders work here too."
          value={subject}
          maxLength={MESSAGE_SUBJECT_MAX}
          errors={errors.subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-body`}>Message</label>
          <textarea
            id={`${id}-body`}
            ref={bodyArea}
            rows={12}
            value={body}
            maxLength={MESSAGE_BODY_MAX}
            aria-invalid={bodyErrors.length > 0 || undefined}
            aria-describedby={[bodyErrors.length > 0 && `${id}-body-error`, `${id}-body-help`]
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          {bodyErrors.length > 0 && (
            <div id={`${id}-body-error`} className={styles.fieldError}>
              {bodyErrors.map((m) => (
                <p key={m}>{m}</p>
              ))}
            </div>
          )}
          <p id={`${id}-body-help`} className={styles.help}>
            Plain text; links are made clickable. The e-mail adds the college&apos;s name and signature. Placeholders
            are filled in for each recipient.
          </p>
        </div>
        <div role="group" aria-labelledby={`${id}-placeholders`} className={styles.placeholders}>
          <p id={`${id}-placeholders`} className={styles.legend}>
            Insert a placeholder in the message, at the cursor
          </p>
          <ul className={styles.placeholderList}>
            {MESSAGE_PLACEHOLDERS.map((p) => (
              <li key={p}>
                <Button
                  variant="secondary"
                  aria-label={`Insert ${placeholderText(p)}: ${PLACEHOLDER_INFO[p]}`}
                  onClick={() => insert(p)}
                >
                  {placeholderText(p)}
                </Button>{' '}
                <span className={styles.help}>{PLACEHOLDER_INFO[p]}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
      <div ref={result.ref} tabIndex={-1} className={styles.result}>
        {save.isError ? (
          <MessageError error={save.error} />
        ) : (
          savedNow &&
          draftNow && (
            <InlineAlert severity="success">
              Draft saved. About {recipientsText(draftNow.estimated_recipients)}.
            </InlineAlert>
          )
        )}
      </div>
      {draftNow && <DraftTools message={draftNow} changed={changed} onDone={onDone} />}
    </section>
  );
}
