import { allowedAnswerValues, type Answers } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import { LONE_SURROGATE } from '../../http/input-guard';
import type { FormContext } from '../../core/form-context';

/** What PostgreSQL's jsonb cannot hold: NUL, and half of a UTF-16 surrogate pair. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Every key must be a question of the form, every value within its limit, and
 * a choice one of its options; otherwise the whole save is refused and
 * nothing is stored.
 */
export function checkAnswerPayload({ maxLengths, form }: FormContext, answers: Answers): void {
  const allowed = allowedAnswerValues(form);
  const unknown: Record<string, string[]> = {};
  const invalid: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(answers)) {
    const max = maxLengths.get(key);
    if (max === undefined) unknown[key] = ['This question is not part of the application.'];
    else if (allowed.get(key)?.has(value) === false) invalid[key] = ['Please choose one of the options offered.'];
    else if (value.length > max) invalid[key] = [`This answer can be at most ${max} characters long.`];
    else if (unstorable(value))
      invalid[key] = ['This answer contains a character that cannot be saved. Please retype it.'];
  }
  if (Object.keys(unknown).length > 0) throw new AppError('UNKNOWN_ANSWER_KEY', { errors: unknown });
  if (Object.keys(invalid).length > 0) throw new AppError('VALIDATION_FAILED', { errors: invalid });
}
