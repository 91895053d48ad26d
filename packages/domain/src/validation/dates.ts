import type { Answers } from '../api/profile';
import { MAX_AGE_YEARS, MIN_AGE_YEARS } from '../constants';
import type { FormDefinition } from '../form/form-types';
import { allQuestions } from '../form/walk';
import { VALIDATION_MESSAGES } from './messages';

/** Date answers are stored as 'YYYY-MM-DD' (see DateQuestion). */
export const DATE_ANSWER_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar day written as 'YYYY-MM-DD' (no '2001-02-30', no '2001-2-3'). */
export function isValidDateAnswer(value: string): boolean {
  const match = DATE_ANSWER_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The answer a date input reports while it holds a date it cannot give as
 * text: a partial one ('05/__/1990') or an impossible one ('02/30/2001').
 * Browsers' date inputs report those as '', which would read as unanswered;
 * this keeps them apart so the rules say 'A valid date of birth is required.'
 * (SPEC section 5). Like any invalid date, the server stores '' in its place.
 */
export const INCOMPLETE_DATE = 'incomplete';

/**
 * SPEC section 5: "An invalid date clears the stored answer". The value to
 * store for a typed date: itself when it is a real date, '' otherwise. Dates
 * out of the allowed range are real dates: they are kept and get their message.
 */
export function normalizeDateAnswer(value: string): string {
  return isValidDateAnswer(value) ? value : '';
}

/**
 * The date answers to clear: keys of date questions whose stored answer is
 * neither blank nor a real date. The server applies this to a save, the same
 * way as the clearing rules, so a bad date never stays stored.
 */
export function invalidDateKeys(form: FormDefinition, answers: Answers): string[] {
  return dateKeys(form).filter((key) => (answers[key] ?? '') !== '' && !isValidDateAnswer(answers[key] ?? ''));
}

const dateKeysCache = new WeakMap<FormDefinition, readonly string[]>();

/** Walked once per form: the server calls invalidDateKeys on every save. */
function dateKeys(form: FormDefinition): readonly string[] {
  let keys = dateKeysCache.get(form);
  if (!keys) {
    keys = form.pages
      .flatMap(allQuestions)
      .filter((q) => q.kind === 'date')
      .map((q) => q.key);
    dateKeysCache.set(form, keys);
  }
  return keys;
}

/**
 * The calendar day `years` years before `now`, as 'YYYY-MM-DD', in UTC so
 * the browser and the server agree. 29 February falls back to the 28th.
 */
export function dateYearsBefore(now: Date, years: number): string {
  const year = now.getUTCFullYear() - years;
  const month = now.getUTCMonth() + 1;
  const day = Math.min(now.getUTCDate(), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * SPEC section 5, birth_date: required (requiredMessage, the label), a real
 * date, not earlier than MAX_AGE_YEARS ago and not later than MIN_AGE_YEARS
 * ago. Both bounds are inclusive: someone who turns 13 today may apply.
 */
export function birthDateErrors(value: string, now: Date, requiredMessage: string): string[] {
  if (value.trim() === '') return [requiredMessage];
  if (!isValidDateAnswer(value)) return [VALIDATION_MESSAGES.birthDateInvalid];
  // 'YYYY-MM-DD' strings compare in calendar order.
  if (value < dateYearsBefore(now, MAX_AGE_YEARS)) return [VALIDATION_MESSAGES.birthDateTooOld];
  if (value > dateYearsBefore(now, MIN_AGE_YEARS)) return [VALIDATION_MESSAGES.birthDateTooYoung];
  return [];
}
