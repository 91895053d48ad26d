import { visibleChildren, type ConditionGroupQuestion } from '@admissions/domain';
import type { QuestionProps } from '../form-render-context';

/**
 * The questions of the first branch whose condition holds (SPEC section 4,
 * condition groups); nothing when none holds. Clearing the other branches'
 * answers is the caller's clearing rule.
 */
export function ConditionGroupQuestionField({ question, ctx, renderQuestions }: QuestionProps<ConditionGroupQuestion>) {
  // No wrapper of its own: the branch's questions sit among their neighbours.
  return <>{renderQuestions(visibleChildren(question, ctx.answers, ctx.view))}</>;
}
