import { frozenOptions, withBlank, type OptionList } from '../answer-option';

/** Program codes are the ones the business constants refer to (RECOMMENDER_MAJORS and others). */
export const APPLIED_MAJORS: OptionList = withBlank([
  { value: 'BMAS', label: 'MS in Biomedical and Applied Sciences' },
  { value: 'BMN', label: 'MS in Nursing' },
  { value: 'GSCMC', label: 'Graduate Certificate in Mental Health Counseling' },
  { value: 'GSCUP', label: 'Graduate Certificate in Urban Planning' },
  { value: 'MAAS', label: 'MA in Applied Sociology' },
  { value: 'MAE', label: 'MA in Education' },
  { value: 'MAPP', label: 'MA in Applied Psychology' },
  { value: 'MAPS', label: 'MA in Public Service' },
]);

export const STUDENT_GRAD_TYPES: OptionList = withBlank([
  { value: 'NEW', label: 'First-time graduate student' },
  { value: 'TRANSFER', label: 'Transferring from another graduate program' },
  { value: 'READMIT', label: 'Returning to complete a program I started here' },
  { value: 'SECOND', label: 'Already hold a graduate degree' },
]);

/** Codes are year then term, so they sort in calendar order. */
export const ENTRY_TERMS: OptionList = withBlank([
  { value: '2027SP', label: 'Spring 2027' },
  { value: '2027SU', label: 'Summer 2027' },
  { value: '2027FA', label: 'Fall 2027' },
  { value: '2028SP', label: 'Spring 2028' },
  { value: '2028SU', label: 'Summer 2028' },
  { value: '2028FA', label: 'Fall 2028' },
]);

/** Asked as a radio; 'FT' and 'PT' are the values the international-student rule checks. */
export const ENTRY_STATUSES: OptionList = frozenOptions([
  { value: 'FT', label: 'Full time' },
  { value: 'PT', label: 'Part time' },
]);
