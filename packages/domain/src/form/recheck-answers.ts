import type { Answers } from '../api/profile';
import { allowedAnswerValues } from './allowed-values';
import { answerMaxLengths } from './answer-keys';
import { clearAnswers } from './clearing';
import type { FormDefinition } from './form-types';

export interface RecheckedAnswers {
  /** The answers the form takes as they are. */
  kept: Answers;
  /** The answers it does not: a question it no longer asks, a choice it no longer offers, or one now hidden. */
  dropped: { key: string; value: string }[];
}

/**
 * An unsubmitted application of a closed cycle carried into the open one
 * (issue 29, decision 052): its answers were given against last cycle's
 * programs and terms. What this cycle's form does not take is dropped and
 * reported rather than kept as a value nobody can choose; answers hidden by
 * what was dropped (a program's own questions) go with it.
 */
export function recheckAnswers(form: FormDefinition, answers: Answers): RecheckedAnswers {
  const known = answerMaxLengths(form);
  const allowed = allowedAnswerValues(form);
  const kept: Record<string, string> = {};
  const dropped: { key: string; value: string }[] = [];
  for (const [key, value] of Object.entries(answers)) {
    if (value === '') continue;
    const max = known.get(key);
    if (max === undefined || value.length > max || allowed.get(key)?.has(value) === false) dropped.push({ key, value });
    else kept[key] = value;
  }
  const { cleared } = clearAnswers({}, kept, form);
  for (const key of cleared) {
    const value = kept[key];
    if (value === undefined || value === '') continue;
    dropped.push({ key, value });
    delete kept[key];
  }
  return { kept, dropped };
}
