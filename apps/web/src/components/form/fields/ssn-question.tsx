import type { SsnQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { formatSsn } from './ssn-format';
import styles from '../shell/field.module.css';

/** A US social security number: non-digits are dropped and the rest regrouped 3-2-4 as it is typed. */
export function SsnQuestionField({ question, ctx }: QuestionProps<SsnQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <input
        {...a11y}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={styles.control}
        data-width="short"
        value={value}
        maxLength={question.maxLength}
        onChange={(e) => {
          const next = formatSsn(e.target.value);
          // A dropped character leaves the answer as it was, so nothing re-renders to take it off the
          // screen (Preact, unlike React, does not put a controlled input back by itself): do it here.
          if (e.target.value !== next) e.target.value = next;
          if (next !== value) ctx.onChange({ [question.key]: next });
        }}
      />
    </FieldShell>
  );
}
