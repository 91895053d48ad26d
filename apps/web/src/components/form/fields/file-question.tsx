import { FILE_MESSAGES, type FileQuestion } from '@admissions/domain';
import type { FormRenderContext, QuestionProps } from '../form-render-context';
import { describedBy } from '../shell/field-ids';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/**
 * An upload. The print view says whether a document is attached; logged-out
 * users see the question disabled with the reason; logged-in users get the
 * documents feature's upload widget (ctx.renderFile, features/documents),
 * which needs the document calls this renderer knows nothing of.
 */
export function FileQuestionField({ question, ctx }: QuestionProps<FileQuestion>) {
  if (ctx.readOnly) {
    return ctx.documents?.[question.key] ? (
      <p className={styles.readOnlyValue}>Document attached for {question.label}</p>
    ) : (
      <ReadOnlyField label={question.label}>{''}</ReadOnlyField>
    );
  }
  if (!ctx.isLoggedIn) return <LoggedOutFile question={question} ctx={ctx} />;
  return <>{ctx.renderFile?.(question)}</>;
}

function LoggedOutFile({ question, ctx }: { question: FileQuestion; ctx: FormRenderContext }) {
  const { errors, invalid, a11y } = fieldStateOf(question.key, question.description, ctx);
  const reasonId = `${question.key}-locked`;
  return (
    <FieldShell
      fieldKey={question.key}
      label={question.label}
      description={question.description}
      errors={errors}
      after={
        <p id={reasonId} className={styles.notice}>
          {FILE_MESSAGES.loggedOut}
        </p>
      }
    >
      <input
        {...a11y}
        aria-describedby={describedBy(question.key, Boolean(question.description), invalid, [reasonId])}
        type="file"
        className={styles.control}
        disabled
      />
    </FieldShell>
  );
}
