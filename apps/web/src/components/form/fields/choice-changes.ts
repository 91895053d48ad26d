import { optionLabel, type Answers, type OptionList } from '@admissions/domain';

/** SPEC section 3: a radio or select answer goes with its `_desc` companion holding the chosen option's label. */
export function choiceChanges(question: { key: string; descKey: string }, options: OptionList, value: string): Answers {
  return { [question.key]: value, [question.descKey]: optionLabel(options, value) };
}
