import type { Answers } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import type { FormContext } from './form-context';

/**
 * Every key must be a question of the form and every value within its limit;
 * otherwise the whole save is refused and nothing is stored.
 */
export function checkAnswerPayload({ maxLengths }: FormContext, answers: Answers): void {
  const unknown: Record<string, string[]> = {};
  const tooLong: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(answers)) {
    const max = maxLengths.get(key);
    if (max === undefined) unknown[key] = ['This question is not part of the application.'];
    else if (value.length > max) tooLong[key] = [`This answer can be at most ${max} characters long.`];
  }
  if (Object.keys(unknown).length > 0) throw new AppError('UNKNOWN_ANSWER_KEY', { errors: unknown });
  if (Object.keys(tooLong).length > 0) throw new AppError('VALIDATION_FAILED', { errors: tooLong });
}
