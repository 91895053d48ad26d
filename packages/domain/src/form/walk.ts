import type { Answers } from '../api/profile';
import { isChecked } from '../answers/answer-values';
import type { OptionList } from '../answers/answer-option';
import { ADD_ANOTHER_DEFAULT_COUNT } from '../constants';
import { anyHolds } from './condition';
import type { Block, FormPage } from './form-types';
import type { ConditionalSelectQuestion, Question } from './question-types';

/**
 * State kept outside the answers that also decides what is on screen:
 * add-another counts by button id and chosen tabs by tab id (SPEC section 3).
 */
export interface ViewState {
  readonly addAnother?: Readonly<Record<string, number>>;
  readonly tabs?: Readonly<Record<string, string>>;
}

/** Every question directly inside a question, whatever the answers. */
export function childrenOf(question: Question): readonly Question[] {
  switch (question.kind) {
    case 'check-group':
      return question.items;
    case 'address-block':
    case 'school-block':
      return question.questions;
    case 'tabs':
      return question.tabs.flatMap((t) => t.questions);
    case 'add-another':
      return question.items.flat();
    case 'confirmation-gate':
      return [...question.unconfirmed, ...question.confirmed];
    case 'condition-group':
      return question.branches.flatMap((b) => b.questions);
    default:
      return [];
  }
}

/** The current options of a conditional select; empty means it is not shown. */
export function conditionalOptions(question: ConditionalSelectQuestion, answers: Answers): OptionList {
  if (question.options.category === 'display-only') return question.options.options;
  const sets = question.options.byControlValue;
  const control = answers[question.controlKey] ?? '';
  // Answers come from users: 'constructor' must not find Object.prototype's.
  return Object.hasOwn(sets, control) ? (sets[control] ?? []) : [];
}

/** Hidden by the answers: its hide condition holds, or it is a conditional select with no options. */
export function isHidden(block: Block, answers: Answers): boolean {
  if (block.hideWhen && anyHolds(block.hideWhen, answers)) return true;
  return 'kind' in block && block.kind === 'conditional-select' && conditionalOptions(block, answers).length === 0;
}

/** Index of the condition group's branch that is shown, or -1 when none holds. */
export function activeBranch(question: Extract<Question, { kind: 'condition-group' }>, answers: Answers): number {
  return question.branches.findIndex((b) => anyHolds(b.when, answers));
}

export function isConfirmed(question: Extract<Question, { kind: 'confirmation-gate' }>, answers: Answers): boolean {
  return isChecked(answers[question.key]);
}

/**
 * The children of a question that the answers leave in play. Tabs and
 * add-another do not depend on the answers, so all their children count here;
 * visibleChildren narrows them with the view state.
 */
export function childrenInPlay(question: Question, answers: Answers): readonly Question[] {
  switch (question.kind) {
    case 'confirmation-gate':
      return isConfirmed(question, answers) ? question.confirmed : question.unconfirmed;
    case 'condition-group': {
      const i = activeBranch(question, answers);
      return i < 0 ? [] : (question.branches[i]?.questions ?? []);
    }
    default:
      return childrenOf(question);
  }
}

/** The children shown right now, given the answers and the view state. */
export function visibleChildren(question: Question, answers: Answers, view: ViewState = {}): readonly Question[] {
  let children: readonly Question[];
  if (question.kind === 'tabs') {
    const chosen = view.tabs?.[question.key] ?? question.defaultTab;
    const pane = question.tabs.find((t) => t.id === chosen) ?? question.tabs.find((t) => t.id === question.defaultTab);
    children = pane?.questions ?? [];
  } else if (question.kind === 'add-another') {
    const saved = view.addAnother?.[question.key] ?? ADD_ANOTHER_DEFAULT_COUNT;
    const count = Math.min(Math.max(saved, ADD_ANOTHER_DEFAULT_COUNT), question.maxRepeats);
    children = question.items.slice(0, count).flat();
  } else {
    children = childrenInPlay(question, answers);
  }
  return children.filter((c) => !isHidden(c, answers));
}

function collectVisible(questions: readonly Question[], answers: Answers, view: ViewState, out: Question[]): void {
  for (const q of questions) {
    if (isHidden(q, answers)) continue;
    out.push(q);
    collectVisible(visibleChildren(q, answers, view), answers, view, out);
  }
}

/**
 * Every question shown on the page, containers before their children, in
 * page order. Validation checks the ones that store answers.
 */
export function visibleQuestions(page: FormPage, answers: Answers, view: ViewState = {}): Question[] {
  const out: Question[] = [];
  for (const section of page.sections) {
    if (!isHidden(section, answers)) collectVisible(section.questions, answers, view, out);
  }
  return out;
}

/** Every question of the page, whatever the answers, containers before their children. */
export function allQuestions(page: FormPage): Question[] {
  const out: Question[] = [];
  const visit = (qs: readonly Question[]) => {
    for (const q of qs) {
      out.push(q);
      visit(childrenOf(q));
    }
  };
  for (const section of page.sections) visit(section.questions);
  return out;
}
