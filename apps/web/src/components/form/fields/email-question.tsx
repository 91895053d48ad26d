import type { EmailQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/**
 * An e-mail address. type="email" gives phones the e-mail keyboard; whether
 * the address is valid is decided by the shared rules, not the browser.
 */
export function EmailQuestionField({ question, ctx }: QuestionProps<EmailQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <input
        {...a11y}
        type="email"
        className={styles.control}
        value={value}
        maxLength={question.maxLength}
        // The form asks for other people's addresses (recommenders): the browser should not offer the user's own.
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => ctx.onChange({ [question.key]: e.target.value })}
      />
    </FieldShell>
  );
}
