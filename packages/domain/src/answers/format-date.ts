import { normalizeDateAnswer } from '../validation/dates';

/**
 * A date answer ('YYYY-MM-DD') as people read it, 'May 17, 1990', the same in
 * the print view and the PDF copy; anything else (an incomplete date) as it is.
 */
export function formatDate(value: string): string {
  const date = normalizeDateAnswer(value);
  if (!date) return value;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
