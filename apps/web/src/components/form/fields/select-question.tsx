import { optionLabel, type OptionList, type SelectQuestion } from '@admissions/domain';
import type { FormRenderContext, QuestionProps } from '../form-render-context';
import { FieldShell } from '../shell/field-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { SelectControl } from '../shell/select-control';
import { fieldStateOf } from '../shell/field-state';
import { choiceChanges } from './choice-changes';

interface ChoiceQuestion {
  key: string;
  label: string;
  description?: string | undefined;
  descKey: string;
}

/** A labelled single select; shared by the select and conditional-select kinds, which differ only in their options. */
export function SelectField({
  question,
  options,
  ctx,
}: {
  question: ChoiceQuestion;
  options: OptionList;
  ctx: FormRenderContext;
}) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  if (ctx.readOnly) return <ReadOnlyField label={question.label}>{optionLabel(options, value)}</ReadOnlyField>;
  return (
    <FieldShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <SelectControl
        {...a11y}
        options={options}
        value={value}
        onChoose={(next) => ctx.onChange(choiceChanges(question, options, next))}
      />
    </FieldShell>
  );
}

export function SelectQuestionField({ question, ctx }: QuestionProps<SelectQuestion>) {
  return <SelectField question={question} options={question.options} ctx={ctx} />;
}
