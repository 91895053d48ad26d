import { CHECKED, isConfirmed, type ConfirmationGateQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { FieldDescription, FieldErrors } from '../shell/field-messages';
import { ChoiceMark } from '../shell/read-only-field';
import { fieldStateOf } from '../shell/field-state';
import { CheckboxControl } from './checkbox-question';
import styles from '../shell/field.module.css';

/**
 * Confirming (a box, or a toggle button) stores 'true' and swaps the
 * unconfirmed content for the confirmed content (SPEC section 4). The
 * button is a toggle (aria-pressed) so a confirmation can be taken back.
 */
export function ConfirmationGateQuestionField({
  question,
  ctx,
  renderQuestions,
}: QuestionProps<ConfirmationGateQuestion>) {
  const { errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  const confirmed = isConfirmed(question, ctx.answers);
  const content = renderQuestions(confirmed ? question.confirmed : question.unconfirmed);

  if (ctx.readOnly || question.control === 'checkbox') {
    return (
      <>
        {ctx.readOnly ? (
          <ChoiceMark checked={confirmed}>{question.label}</ChoiceMark>
        ) : (
          <CheckboxControl question={question} ctx={ctx} />
        )}
        {content}
      </>
    );
  }

  return (
    <>
      <div className={styles.field} data-invalid={errors.length > 0 || undefined}>
        <FieldDescription fieldKey={question.key} text={question.description} />
        <div>
          <button
            {...a11y}
            type="button"
            className={styles.toggle}
            aria-pressed={confirmed}
            onClick={() => ctx.onChange({ [question.key]: confirmed ? '' : CHECKED })}
          >
            {question.label}
          </button>
        </div>
        <FieldErrors fieldKey={question.key} errors={errors} />
      </div>
      {content}
    </>
  );
}
