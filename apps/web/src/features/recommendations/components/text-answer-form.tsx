import { useRef, useState, type FormEvent } from 'react';
import { CharacterCount, counterIdOf } from '../../../components/form/fields/character-count';
import { describedBy } from '../../../components/form/shell/field-ids';
import { FieldShell } from '../../../components/form/shell/field-shell';
import fieldStyles from '../../../components/form/shell/field.module.css';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { fieldMessages, isLinkInvalid } from '../recommendation-errors';
import styles from './recommend-page.module.css';

interface TextAnswerFormProps {
  /** The control's id and name, and the server's name for the field in a validation error. */
  field: string;
  label: string;
  description?: string;
  maxLength: number;
  rows: number;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** The message for text that cannot be sent, or undefined when it can; the server checks again. */
  check: (text: string) => string | undefined;
  send: (text: string) => Promise<unknown>;
  sending: boolean;
  /** Another answer is on its way. */
  disabled: boolean;
  onLinkInvalid: (message: string) => void;
}

/**
 * A text box with a character count and one button: the written letter, or
 * the reason for declining. A message (the browser's check, or the server's
 * refusal) is shown under the box, which then takes focus so it is read.
 * Going over the limit is allowed while typing, so pasted text is never cut
 * short without a word; sending it is what is refused.
 */
export function TextAnswerForm({
  field,
  label,
  description,
  maxLength,
  rows,
  submitLabel,
  submitVariant = 'primary',
  check,
  send,
  sending,
  disabled,
  onLinkInvalid,
}: TextAnswerFormProps) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const control = useRef<HTMLTextAreaElement>(null);
  const invalid = errors.length > 0;

  const refuse = (messages: readonly string[]) => {
    setErrors(messages);
    control.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = check(text);
    if (problem) {
      refuse([problem]);
      return;
    }
    send(text).catch((error: unknown) => {
      if (isLinkInvalid(error)) onLinkInvalid(error.message);
      else refuse(fieldMessages(error, field));
    });
  };

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <FieldShell
        fieldKey={field}
        label={label}
        description={description}
        errors={errors}
        after={<CharacterCount fieldKey={field} value={text} maxLength={maxLength} />}
      >
        <textarea
          ref={control}
          id={field}
          name={field}
          className={fieldStyles.control}
          data-width="wide"
          rows={rows}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(field, Boolean(description), invalid, [counterIdOf(field)])}
          onChange={(event) => {
            setText(event.target.value);
            if (invalid) setErrors([]);
          }}
        />
      </FieldShell>
      <Button type="submit" variant={submitVariant} loading={sending} disabled={disabled}>
        {submitLabel}
      </Button>
    </form>
  );
}
