import type { Answers } from '../api/profile';
import { answerKeysUnder } from './answer-keys';
import type { FormDefinition } from './form-types';
import type { ConditionalSelectQuestion, Question, TabsQuestion } from './question-types';
import { allQuestions, childrenInPlay, childrenOf, isHidden } from './walk';

function collectHidden(questions: readonly Question[], answers: Answers, out: Set<string>): void {
  for (const q of questions) {
    if (isHidden(q, answers)) {
      for (const k of answerKeysUnder(q)) out.add(k);
      continue;
    }
    const inPlay = childrenInPlay(q, answers);
    for (const child of childrenOf(q)) {
      if (!inPlay.includes(child)) for (const k of answerKeysUnder(child)) out.add(k);
    }
    collectHidden(inPlay, answers, out);
  }
}

/**
 * Answer keys the answers themselves hide: under a hidden section or
 * question, in a condition group's other branches, on the other side of a
 * confirmation gate, or a conditional select without options. Tabs and
 * add-another counts are not answers, so they hide nothing here.
 */
export function hiddenAnswerKeys(form: FormDefinition, answers: Answers): Set<string> {
  const out = new Set<string>();
  for (const page of form.pages) {
    for (const section of page.sections) {
      if (isHidden(section, answers)) {
        for (const k of section.questions.flatMap(answerKeysUnder)) out.add(k);
      } else {
        collectHidden(section.questions, answers, out);
      }
    }
  }
  return out;
}

const conditionalSelectsCache = new WeakMap<FormDefinition, readonly ConditionalSelectQuestion[]>();

function conditionalSelects(form: FormDefinition): readonly ConditionalSelectQuestion[] {
  let list = conditionalSelectsCache.get(form);
  if (!list) {
    list = form.pages
      .flatMap(allQuestions)
      .filter((q): q is ConditionalSelectQuestion => q.kind === 'conditional-select');
    conditionalSelectsCache.set(form, list);
  }
  return list;
}

export interface ClearingResult {
  /** nextAnswers with '' under every cleared key. */
  readonly answers: Answers;
  /** Keys set to '' (callers delete the documents of cleared file questions). */
  readonly cleared: readonly string[];
}

/**
 * SPEC section 4 clearing rules, applied to a change from prevAnswers to
 * nextAnswers (both complete answer sets):
 * - every answer the new answers hide is cleared;
 * - a conditional select whose controlling answer changed loses its value
 *   and `_desc`, unless the same change also set the select (a lookup fills
 *   country and state at once; the server sees a whole batch of changes).
 * Clearing one answer can hide more, so the rules repeat until nothing changes.
 * Hidden answers are cleared whether or not they were just hidden: that makes
 * the result the same for the browser and for the server re-checking a save.
 */
export function clearAnswers(prevAnswers: Answers, nextAnswers: Answers, form: FormDefinition): ClearingResult {
  const answers: Record<string, string> = { ...nextAnswers };
  const cleared = new Set<string>();
  const value = (source: Answers, key: string) => source[key] ?? '';
  let changed = true;
  const clear = (key: string) => {
    if (value(answers, key) !== '') changed = true;
    if (value(answers, key) !== '' || value(prevAnswers, key) !== '') {
      answers[key] = '';
      cleared.add(key);
    }
  };
  while (changed) {
    changed = false;
    for (const select of conditionalSelects(form)) {
      const controlChanged = value(prevAnswers, select.controlKey) !== value(answers, select.controlKey);
      const setTogether = value(prevAnswers, select.key) !== value(nextAnswers, select.key);
      if (controlChanged && !setTogether) {
        clear(select.key);
        clear(select.descKey);
      }
    }
    for (const key of hiddenAnswerKeys(form, answers)) clear(key);
  }
  return { answers, cleared: [...cleared] };
}

/** The answers to save after a change: nextAnswers with '' for every cleared key. */
export function applyClearingRules(prevAnswers: Answers, nextAnswers: Answers, form: FormDefinition): Answers {
  return clearAnswers(prevAnswers, nextAnswers, form).answers;
}

/** Answer keys to clear when a tab group switches to `toTab` (SPEC section 4, Tabs): those of every other pane. */
export function tabSwitchClearedKeys(question: TabsQuestion, toTab: string): string[] {
  return question.tabs.filter((t) => t.id !== toTab).flatMap((t) => t.questions.flatMap(answerKeysUnder));
}
