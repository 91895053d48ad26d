import { isHidden, type CheckGroupQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { GroupShell } from '../shell/group-shell';
import { fieldStateOf } from '../shell/field-state';
import { CheckboxControl } from './checkbox-question';

/**
 * Several boxes under one legend; each box is its own answer key and anchor.
 * The fieldset takes the group's key, so a message about the group as a
 * whole has somewhere to link to.
 */
export function CheckGroupQuestionField({ question, ctx }: QuestionProps<CheckGroupQuestion>) {
  const { errors } = fieldStateOf(question.key, question.description, ctx);
  return (
    <GroupShell
      id={question.key}
      fieldKey={question.key}
      label={question.label}
      description={question.description}
      errors={errors}
    >
      {question.items
        .filter((item) => !isHidden(item, ctx.answers))
        .map((item) => (
          <CheckboxControl key={item.key} question={item} ctx={ctx} />
        ))}
    </GroupShell>
  );
}
