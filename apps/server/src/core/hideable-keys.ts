import { answerKeysOf, childrenOf, type FormDefinition, type Question } from '@admissions/domain';

/**
 * Answer keys that other answers can hide or clear: everything under a
 * section or question with a hide condition, inside a condition group's
 * branch or either side of a confirmation gate, and conditional selects
 * (with their `_desc`). Saving one of these must be checked against the
 * stored answers, because the question may be hidden there: another tab, or
 * a stale page, can still send it after its controlling answer changed.
 * Every other key can never be hidden, so it is merged without a lock.
 */
export function hideableAnswerKeys(form: FormDefinition): ReadonlySet<string> {
  const out = new Set<string>();
  const visit = (question: Question, underCondition: boolean) => {
    const hideable = underCondition || question.hideWhen !== undefined || question.kind === 'conditional-select';
    if (hideable) answerKeysOf(question).forEach((k) => out.add(k));
    const gated = question.kind === 'condition-group' || question.kind === 'confirmation-gate';
    for (const child of childrenOf(question)) visit(child, hideable || gated);
  };
  for (const page of form.pages) {
    for (const section of page.sections) {
      for (const question of section.questions) visit(question, section.hideWhen !== undefined);
    }
  }
  return out;
}
