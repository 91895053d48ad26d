import { frozenOptions, type OptionList } from '../answer-option';
import { NO, YES } from '../answer-values';

/** Radio choices carry no blank option: a group with nothing ticked is the blank. */
export const YES_NO: OptionList = frozenOptions([
  { value: YES, label: 'Yes' },
  { value: NO, label: 'No' },
]);
