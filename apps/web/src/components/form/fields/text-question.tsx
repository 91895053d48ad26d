import type { TextQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/** One line of text; maxLength comes from the definition (45 unless it says otherwise). */
export function TextQuestionField({ question, ctx }: QuestionProps<TextQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <input
        {...a11y}
        type="text"
        className={styles.control}
        data-width={question.maxLength <= 10 ? 'short' : undefined}
        value={value}
        maxLength={question.maxLength}
        readOnly={question.readOnly}
        autoComplete={question.autoComplete ?? 'off'}
        onChange={(e) => ctx.onChange({ [question.key]: e.target.value })}
      />
    </FieldShell>
  );
}
