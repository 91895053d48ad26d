import { frozenOptions, withBlank, type OptionList } from '../answer-option';

export const GENDERS: OptionList = withBlank([
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Non-binary or another gender identity' },
  { value: 'U', label: 'Prefer not to answer' },
]);

/** Asked as a radio, so no blank option (federal reporting asks ethnicity apart from race). */
export const ETHNICITIES: OptionList = frozenOptions([
  { value: 'HL', label: 'Hispanic or Latino' },
  { value: 'NHL', label: 'Not Hispanic or Latino' },
  { value: 'U', label: 'Prefer not to answer' },
]);

export const NAME_PREFIXES: OptionList = withBlank([
  { value: 'DR', label: 'Dr.' },
  { value: 'MR', label: 'Mr.' },
  { value: 'MRS', label: 'Mrs.' },
  { value: 'MS', label: 'Ms.' },
  { value: 'MX', label: 'Mx.' },
  { value: 'PROF', label: 'Prof.' },
]);
