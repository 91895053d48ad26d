import type { FileQuestion } from '@admissions/domain';
import { useState } from 'react';
import type { FormRenderContext, QuestionProps } from '../form-render-context';
import { describedBy } from '../shell/field-ids';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { FILE_MESSAGES, fileErrors, formatFileSize } from './file-rules';
import styles from '../shell/field.module.css';

const acceptOf = (question: FileQuestion) => question.accept.map((ext) => `.${ext}`).join(',');

/**
 * An upload. The print view says whether a document is attached; logged-out
 * users see the question disabled with the reason; logged-in users get the
 * documents feature's widget (ctx.renderFile) or, until it is plugged in, a
 * file input that checks the chosen file against the SPEC's rules.
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
  if (ctx.renderFile) return <>{ctx.renderFile(question)}</>;
  return <FileInput question={question} ctx={ctx} />;
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
      <input {...a11y} aria-describedby={describedBy(question.key, Boolean(question.description), invalid, [reasonId])} type="file" className={styles.control} disabled />
    </FieldShell>
  );
}

function FileInput({ question, ctx }: { question: FileQuestion; ctx: FormRenderContext }) {
  const { errors, invalid, a11y } = fieldStateOf(question.key, question.description, ctx);
  const [chosenErrors, setChosenErrors] = useState<readonly string[]>([]);
  const attached = ctx.documents?.[question.key];
  const shown = [...chosenErrors, ...errors];
  const attachedId = `${question.key}-attached`;

  return (
    <FieldShell
      fieldKey={question.key}
      label={question.label}
      description={question.description}
      errors={shown}
      liveErrors
      after={
        attached && (
          <p id={attachedId} className={styles.description}>
            Attached: {attached.file_name} ({formatFileSize(attached.file_size)})
          </p>
        )
      }
    >
      <input
        {...a11y}
        aria-invalid={invalid || chosenErrors.length > 0 || undefined}
        aria-describedby={describedBy(question.key, Boolean(question.description), shown.length > 0, attached ? [attachedId] : [])}
        type="file"
        className={styles.control}
        accept={acceptOf(question)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          const found = file ? fileErrors(file, question) : [];
          setChosenErrors(found);
          // A rejected file is not kept, so it cannot be sent by mistake.
          if (found.length > 0) e.target.value = '';
        }}
      />
    </FieldShell>
  );
}
