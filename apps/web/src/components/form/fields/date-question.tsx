import { normalizeDateAnswer, type DateQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { useDraftValue } from '../hooks/use-draft-value';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/** 'YYYY-MM-DD' as e.g. 'March 4, 2001' for the print view; anything else as it is. */
function formatDate(value: string): string {
  const date = normalizeDateAnswer(value);
  if (!date) return value;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The browser's own date input: keyboard and screen-reader friendly, with a
 * calendar on phones. What the user typed stays on screen while the answer
 * holds normalizeDateAnswer(typed), '' for an invalid date (SPEC section 5:
 * an invalid date clears the stored answer). Browsers without a date input
 * show a text box, where the draft matters most.
 */
export function DateQuestionField({ question, ctx }: QuestionProps<DateQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  const [draft, setDraft] = useDraftValue(value, normalizeDateAnswer);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{formatDate(value)}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <input
        {...a11y}
        type="date"
        className={styles.control}
        data-width="short"
        value={draft}
        // The stored format has a four-digit year.
        max="9999-12-31"
        // Text-box fallback: the stored format, so what is typed can be stored as it is.
        placeholder="YYYY-MM-DD"
        autoComplete="off"
        onChange={(e) => {
          setDraft(e.target.value);
          const next = normalizeDateAnswer(e.target.value);
          if (next !== value) ctx.onChange({ [question.key]: next });
        }}
      />
    </FieldShell>
  );
}
