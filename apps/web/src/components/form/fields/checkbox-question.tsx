import { CHECKED, isChecked, type CheckboxQuestion } from '@admissions/domain';
import type { FormRenderContext, QuestionProps } from '../form-render-context';
import { FieldDescription, FieldErrors } from '../shell/field-messages';
import { ChoiceMark } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

/**
 * One box whose label is the text beside it; stores 'true' when ticked and ''
 * otherwise (SPEC section 3). Also used for each box of a check group and
 * for a confirmation gate shown as a box.
 */
export function CheckboxControl({
  question,
  ctx,
}: {
  question: Pick<CheckboxQuestion, 'key' | 'label' | 'description'>;
  ctx: FormRenderContext;
}) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ChoiceMark checked={isChecked(value)}>{question.label}</ChoiceMark>;
  return (
    <div className={styles.field} data-invalid={errors.length > 0 || undefined}>
      <label className={styles.choice}>
        <input
          {...a11y}
          type="checkbox"
          value={CHECKED}
          checked={isChecked(value)}
          onChange={(e) => ctx.onChange({ [question.key]: e.target.checked ? CHECKED : '' })}
        />
        <span>{question.label}</span>
      </label>
      <FieldDescription fieldKey={question.key} text={question.description} />
      <FieldErrors fieldKey={question.key} errors={errors} />
    </div>
  );
}

export function CheckboxQuestionField({ question, ctx }: QuestionProps<CheckboxQuestion>) {
  return <CheckboxControl question={question} ctx={ctx} />;
}
