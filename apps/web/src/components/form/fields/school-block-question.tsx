import type { SchoolBlockQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { GroupShell } from '../shell/group-shell';
import { fieldStateOf } from '../shell/field-state';
import { renderBlockParts } from '../lookup/block-parts';
import styles from '../shell/field.module.css';

/**
 * A school: its name (the school search, see lookup/lookup-field.tsx), its
 * CEEB code and its place, each part with its own answer key. The print view
 * shows the school as "name (ceeb)" followed by the other parts.
 */
export function SchoolBlockQuestionField({ question, ctx, renderQuestions }: QuestionProps<SchoolBlockQuestion>) {
  const { errors } = fieldStateOf(question.key, question.description, ctx);

  if (ctx.readOnly) {
    const keyOf = (part: string) => question.questions.find((q) => q.part === part)?.key;
    const answer = (part: string) => {
      const key = keyOf(part);
      return key ? (ctx.answers[key] ?? '') : '';
    };
    const name = answer('name');
    const ceeb = answer('ceeb');
    return (
      <GroupShell variant="block" fieldKey={question.key} label={question.label} errors={[]}>
        {name && <p className={styles.readOnlyValue}>{ceeb ? `${name} (${ceeb})` : name}</p>}
        {renderQuestions(question.questions.filter((q) => q.part !== 'name' && q.part !== 'ceeb'))}
      </GroupShell>
    );
  }

  return (
    <GroupShell
      id={question.key}
      variant="block"
      fieldKey={question.key}
      label={question.label}
      description={question.description}
      errors={errors}
    >
      {renderBlockParts(question, question.questions, ctx, renderQuestions)}
    </GroupShell>
  );
}
