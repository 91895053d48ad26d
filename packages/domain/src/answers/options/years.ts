import { withBlank, type OptionList } from '../answer-option';

export interface YearListSpec {
  /** First year of the list; the current year when left out. */
  start?: number;
  /** Added to the start year, so a definition can say "from five years ahead" without a date. */
  offset?: number;
  count: number;
  /** 'past' counts down from start (graduation dates), 'future' counts up (enrolment). */
  direction: 'past' | 'future';
}

/** Year options generated on demand, so the list never goes stale (SPEC section 3). */
export function yearOptions({
  start = new Date().getFullYear(),
  offset = 0,
  count,
  direction,
}: YearListSpec): OptionList {
  const first = start + offset;
  const step = direction === 'past' ? -1 : 1;
  return withBlank(
    Array.from({ length: Math.max(0, count) }, (_, i) => {
      const year = String(first + i * step);
      return { value: year, label: year };
    }),
  );
}
