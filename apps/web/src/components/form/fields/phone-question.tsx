import type { PhoneQuestion } from '@admissions/domain';
import { useEffect, useRef, type FormEvent } from 'react';
import type { QuestionProps } from '../form-render-context';
import type { ControlA11y } from '../shell/field-ids';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { caretAfterDigits, digitsOf, formatPhone, PHONE_DIGITS } from './phone-format';
import styles from '../shell/field.module.css';

/**
 * SPEC section 9: '(NXX) NNN-NNNN'. Any digit is let through; which numbers
 * are valid US numbers (area code and exchange starting 2-9) is for the
 * shared rules to say, with their message, rather than for the mask to
 * swallow keystrokes silently.
 */

/** An international number ('+' first) is kept as typed: the shared rules judge it, no mask fits every country. */
const isInternational = (text: string) => text.trimStart().startsWith('+');

/** What a typed number stores: the formatted number when all ten digits are in, '' otherwise. */
const storedOf = (shown: string, international: boolean) => {
  if (international && isInternational(shown)) return shown.trim();
  return digitsOf(shown).length === PHONE_DIGITS ? formatPhone(shown) : '';
};

/** What a stored number shows. */
const shownOf = (stored: string, international: boolean) =>
  international && isInternational(stored) ? stored : formatPhone(stored);

/**
 * A US phone number masked as it is typed (phone-format.ts). The input is
 * not controlled by React, so the caret stays where the user types; a
 * half-typed number stays on screen while the answer holds ''.
 */
export function PhoneQuestionField({ question, ctx }: QuestionProps<PhoneQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <MaskedPhoneInput
        a11y={a11y}
        stored={value}
        international={question.international === true}
        maxLength={question.maxLength}
        onStore={(next) => ctx.onChange({ [question.key]: next })}
      />
    </FieldShell>
  );
}

function MaskedPhoneInput({
  a11y,
  stored,
  international,
  maxLength,
  onStore,
}: {
  a11y: ControlA11y;
  stored: string;
  international: boolean;
  maxLength: number | undefined;
  onStore: (value: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // What the input showed after the last change, to tell a deleted separator from a deleted digit.
  const shownBefore = useRef(shownOf(stored, international));

  // A stored number changed by something else (cleared, filled in) replaces what is shown.
  useEffect(() => {
    const input = ref.current;
    if (input && storedOf(input.value, international) !== stored) {
      input.value = shownOf(stored, international);
      shownBefore.current = input.value;
    }
  }, [stored, international]);

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    if (international && isInternational(raw)) {
      shownBefore.current = raw;
      const next = storedOf(raw, true);
      if (next !== stored) onStore(next);
      return;
    }
    const caret = input.selectionStart ?? raw.length;
    let digitsBefore = digitsOf(raw.slice(0, caret)).length;
    let digits = digitsOf(raw);
    // Backspace or Delete that removed only a separator removes the digit next to it, as a mask does.
    const inputType = (event.nativeEvent as InputEvent).inputType;
    const before = digitsOf(shownBefore.current);
    if (digits === before && inputType === 'deleteContentBackward' && digitsBefore > 0) {
      digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
      digitsBefore -= 1;
    } else if (digits === before && inputType === 'deleteContentForward') {
      digits = digits.slice(0, digitsBefore) + digits.slice(digitsBefore + 1);
    }
    const shown = formatPhone(digits);
    input.value = shown;
    shownBefore.current = shown;
    if (document.activeElement === input) {
      const at = caretAfterDigits(shown, digitsBefore);
      input.setSelectionRange(at, at);
    }
    const next = storedOf(shown, international);
    if (next !== stored) onStore(next);
  };

  return (
    <input
      {...a11y}
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      className={styles.control}
      data-width="short"
      maxLength={international ? maxLength : undefined}
      defaultValue={shownOf(stored, international)}
      onInput={onInput}
    />
  );
}
