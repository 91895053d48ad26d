import type { PhoneQuestion } from '@admissions/domain';
import type { InputMask } from 'imask';
import { useCallback, useEffect, useRef } from 'react';
import { useIMask } from 'react-imask';
import type { QuestionProps } from '../form-render-context';
import type { ControlA11y } from '../shell/field-ids';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/**
 * SPEC section 9: '(NXX) NNN-NNNN'. Any digit is let through; which numbers
 * are valid US numbers (area code and exchange starting 2-9) is for the
 * shared rules to say, with their message, rather than for the mask to
 * swallow keystrokes silently.
 */
const PHONE_MASK = { mask: '(000) 000-0000' } as const;

type PhoneMask = InputMask<typeof PHONE_MASK>;

/** What a mask state stores: the formatted number when all ten digits are in, '' otherwise. */
const storedOf = (mask: PhoneMask) => (mask.masked.isComplete ? mask.value : '');

/**
 * A US phone number masked as it is typed (react-imask). The input is left
 * to the mask (not controlled by React) so the caret stays where the user
 * types; a half-typed number stays on screen while the answer holds ''.
 */
export function PhoneQuestionField({ question, ctx }: QuestionProps<PhoneQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <MaskedPhoneInput a11y={a11y} stored={value} onStore={(next) => ctx.onChange({ [question.key]: next })} />
    </FieldShell>
  );
}

function MaskedPhoneInput({ a11y, stored, onStore }: { a11y: ControlA11y; stored: string; onStore: (value: string) => void }) {
  // The mask keeps its listener from the first render, so it reads the latest values through refs.
  const latest = useRef({ stored, onStore });
  useEffect(() => {
    latest.current = { stored, onStore };
  });

  const onAccept = useCallback((_value: string, mask: PhoneMask, event?: InputEvent) => {
    // Only typing stores: setting the value from the answers must not write it back.
    if (!event) return;
    const next = storedOf(mask);
    if (next !== latest.current.stored) latest.current.onStore(next);
  }, []);

  const { ref, maskRef } = useIMask<HTMLInputElement, typeof PHONE_MASK>(PHONE_MASK, { onAccept, defaultValue: stored });

  // A stored number changed by something else (cleared, filled in) replaces what is shown.
  useEffect(() => {
    const mask = maskRef.current;
    if (mask && storedOf(mask) !== stored) mask.value = stored;
  }, [stored, maskRef]);

  return (
    <input
      {...a11y}
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      className={styles.control}
      data-width="short"
      defaultValue={stored}
    />
  );
}
