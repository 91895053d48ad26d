import { frozenOptions, withBlank, type OptionList } from '../answer-option';

/* The programs and entry terms are the tenant's (programs/program-options.ts, issue 29). */

export const STUDENT_GRAD_TYPES: OptionList = withBlank([
  { value: 'NEW', label: 'First-time graduate student' },
  { value: 'TRANSFER', label: 'Transferring from another graduate program' },
  { value: 'READMIT', label: 'Returning to complete a program I started here' },
  { value: 'SECOND', label: 'Already hold a graduate degree' },
]);

/** Asked as a radio; 'FT' and 'PT' are the values the international-student rule checks. */
export const ENTRY_STATUSES: OptionList = frozenOptions([
  { value: 'FT', label: 'Full time' },
  { value: 'PT', label: 'Part time' },
]);
