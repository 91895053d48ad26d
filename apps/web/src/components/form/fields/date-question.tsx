import { formatDate, INCOMPLETE_DATE, normalizeDateAnswer, type DateQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { useDraft } from '../hooks/use-draft-value';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/** What the input holds: its text, and whether it holds a date it cannot give as text (partial or impossible). */
interface DateDraft {
  text: string;
  incomplete: boolean;
}

/**
 * The answer for what the input holds: a real date as it is; '' when empty;
 * INCOMPLETE_DATE for anything else (a partial or impossible date, or other
 * text typed into a browser's text-box fallback), so the rules show SPEC's
 * 'A valid date of birth is required.' rather than the required message. The
 * server stores '' for any invalid date (SPEC section 5).
 */
function answerOf(draft: DateDraft): string {
  if (draft.text === '') return draft.incomplete ? INCOMPLETE_DATE : '';
  return normalizeDateAnswer(draft.text) || INCOMPLETE_DATE;
}

function draftOf(stored: string): DateDraft {
  return stored === INCOMPLETE_DATE ? { text: '', incomplete: true } : { text: stored, incomplete: false };
}

/**
 * The browser's own date input: keyboard and screen-reader friendly, with a
 * calendar on phones. A partial or impossible date stays on screen and is
 * told apart from an empty one (the input's validity.badInput), so its own
 * message shows. Browsers without a date input show a text box.
 */
export function DateQuestionField({ question, ctx }: QuestionProps<DateQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  const [draft, setDraft] = useDraft<DateDraft>(value, answerOf, draftOf);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{formatDate(value)}</ReadOnlyField>;
  const report = (input: HTMLInputElement) => {
    const next: DateDraft = { text: input.value, incomplete: input.value === '' && input.validity.badInput };
    if (next.text === draft.text && next.incomplete === draft.incomplete) return;
    setDraft(next);
    const answer = answerOf(next);
    if (answer !== value) ctx.onChange({ [question.key]: answer });
  };
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <input
        {...a11y}
        type="date"
        className={styles.control}
        data-width="short"
        value={draft.text}
        // The stored format has a four-digit year.
        max="9999-12-31"
        // Text-box fallback: the stored format, so what is typed can be stored as it is.
        placeholder="YYYY-MM-DD"
        autoComplete="off"
        onChange={(e) => report(e.target)}
        // Chromium sends no input event while its value stays '' (one partial date becoming another, or
        // '02/30/2001', whose month and day it drops), and Tab from the year moves to its calendar button
        // without a blur: each key and leaving it settle what it holds.
        onKeyUp={(e) => report(e.currentTarget)}
        onBlur={(e) => report(e.target)}
      />
    </FieldShell>
  );
}
