import type { RadioQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { GroupShell } from '../shell/group-shell';
import { ChoiceMark } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { choiceChanges } from './choice-changes';
import styles from '../shell/field.module.css';

/** The first radio carries the answer key as its id (the summary link lands there); the others are numbered. */
export const radioIdOf = (key: string, index: number) => (index === 0 ? key : `${key}-${index + 1}`);

/**
 * Native radios in a fieldset: arrow keys move between them and the legend
 * names the group. Each radio is marked invalid and described by the error,
 * so whichever one has focus says what is wrong.
 */
export function RadioQuestionField({ question, ctx }: QuestionProps<RadioQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);

  if (ctx.readOnly) {
    return (
      <GroupShell fieldKey={question.key} label={question.label} errors={[]}>
        {question.options.map((o) => (
          <ChoiceMark key={o.value} checked={o.value === value}>
            {o.label}
          </ChoiceMark>
        ))}
      </GroupShell>
    );
  }

  return (
    <GroupShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      {question.options.map((o, i) => (
        <label key={o.value} className={styles.choice}>
          <input
            {...a11y}
            id={radioIdOf(question.key, i)}
            type="radio"
            value={o.value}
            checked={o.value === value}
            onChange={() => ctx.onChange(choiceChanges(question, question.options, o.value))}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </GroupShell>
  );
}
