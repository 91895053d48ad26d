import { isHidden, type Question } from '@admissions/domain';
import { Fragment, type ComponentType } from 'react';
import type { FormRenderContext, QuestionProps } from './form-render-context';
import { QUESTION_RENDERERS } from './question-renderers';

/**
 * Renders questions through the registry, leaving out the ones the answers
 * hide (isHidden: hide conditions, conditional selects without options).
 * Containers get this same function to render their children. No wrapper
 * element: a question that renders nothing (an inactive banner) leaves no gap.
 */
export function renderQuestionsWith(ctx: FormRenderContext) {
  const renderQuestions = (questions: readonly Question[]) =>
    questions
      .filter((q) => !isHidden(q, ctx.answers))
      .map((q) => {
        // TypeScript cannot relate q.kind to its entry; the registry's type already pairs each kind with its props.
        const Render = QUESTION_RENDERERS[q.kind] as ComponentType<QuestionProps>;
        return (
          <Fragment key={q.key}>
            <Render question={q} ctx={ctx} renderQuestions={renderQuestions} />
          </Fragment>
        );
      });
  return renderQuestions;
}
