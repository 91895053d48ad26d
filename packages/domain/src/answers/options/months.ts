import { withBlank, type OptionList } from '../answer-option';

const NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Values are '1'..'12' (no leading zero), labels the English month names. */
export const MONTHS: OptionList = withBlank(NAMES.map((label, i) => ({ value: String(i + 1), label })));
