import { ADD_ANOTHER_DEFAULT_COUNT, MAX_REPEATS, type AddAnotherQuestion } from '@admissions/domain';

/** SPEC section 5: more than MAX_REPEATS repeats is a configuration error, raised as soon as such a block is drawn. */
export function assertRepeatLimit(question: Pick<AddAnotherQuestion, 'key' | 'maxRepeats'>): void {
  if (question.maxRepeats > MAX_REPEATS) {
    throw new Error(
      `Add-another "${question.key}" allows ${question.maxRepeats} repeats; the maximum is ${MAX_REPEATS}.`,
    );
  }
}

/** Blocks on screen: the saved count (default 1), kept between 1 and the question's maximum, as visibleChildren counts them. */
export function addAnotherCount(
  question: Pick<AddAnotherQuestion, 'key' | 'maxRepeats'>,
  saved: number | undefined,
): number {
  return Math.min(Math.max(saved ?? ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_DEFAULT_COUNT), question.maxRepeats);
}
