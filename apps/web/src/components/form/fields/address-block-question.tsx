import type { AddressBlockQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { GroupShell } from '../shell/group-shell';
import { fieldStateOf } from '../shell/field-state';
import { renderBlockParts } from '../lookup/block-parts';

/**
 * The parts of an address under one legend, each rendered by its own kind
 * with its own answer key; the search part (the ZIP code) is the lookup
 * widget, which completes city, state and country (SPEC section 4).
 */
export function AddressBlockQuestionField({ question, ctx, renderQuestions }: QuestionProps<AddressBlockQuestion>) {
  const { errors } = fieldStateOf(question.key, question.description, ctx);
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
