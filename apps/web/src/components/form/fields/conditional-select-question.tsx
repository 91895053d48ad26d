import { conditionalOptions, type ConditionalSelectQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';
import { SelectField } from './select-question';

/**
 * A select whose options follow another answer (SPEC section 4). With no
 * options it is not shown; the page walk already skips it then (isHidden),
 * and the check here keeps the component safe on its own. Clearing it when
 * the controlling answer changes is the caller's clearing rule.
 */
export function ConditionalSelectQuestionField({ question, ctx }: QuestionProps<ConditionalSelectQuestion>) {
  const options = conditionalOptions(question, ctx.answers);
  if (options.length === 0) return null;
  return <SelectField question={question} options={options} ctx={ctx} />;
}
