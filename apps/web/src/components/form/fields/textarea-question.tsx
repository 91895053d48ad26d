import type { TextareaQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { describedBy } from '../shell/field-ids';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { CharacterCount, counterIdOf } from './character-count';
import styles from '../shell/field.module.css';

/** Multi-line text with a live character count; the limit is maxLength (1500 unless the definition says otherwise). */
export function TextareaQuestionField({ question, ctx }: QuestionProps<TextareaQuestion>) {
  const { value, errors, invalid, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{value}</ReadOnlyField>;
  return (
    <FieldShell
      fieldKey={question.key}
      label={question.label}
      description={question.description}
      errors={errors}
      after={
        <CharacterCount
          fieldKey={question.key}
          value={value}
          maxLength={question.maxLength}
          wordGuide={question.wordGuide}
        />
      }
    >
      <textarea
        {...a11y}
        aria-describedby={describedBy(question.key, Boolean(question.description), invalid, [
          counterIdOf(question.key),
        ])}
        className={styles.control}
        data-width="wide"
        rows={question.wordGuide ? 12 : 5}
        value={value}
        maxLength={question.maxLength}
        onChange={(e) => ctx.onChange({ [question.key]: e.target.value })}
      />
    </FieldShell>
  );
}
