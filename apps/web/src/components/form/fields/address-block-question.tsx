import type { AddressBlockQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { GroupShell } from '../shell/group-shell';
import { fieldStateOf } from '../shell/field-state';

/**
 * The parts of an address under one legend, each rendered by its own kind
 * with its own answer key. The street line is a plain text input until the
 * address lookup (SPEC section 4, lookup autocomplete) is plugged in.
 */
export function AddressBlockQuestionField({ question, ctx, renderQuestions }: QuestionProps<AddressBlockQuestion>) {
  const { errors } = fieldStateOf(question.key, question.description, ctx);
  return (
    <GroupShell id={question.key} variant="block" fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      {renderQuestions(question.questions)}
    </GroupShell>
  );
}
