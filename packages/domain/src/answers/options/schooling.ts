import { withBlank, type OptionList } from '../answer-option';

/** 'Level of study' of a previous school. */
export const DEGREE_TYPES: OptionList = withBlank([
  { value: 'ASSOC', label: 'Associate' },
  { value: 'BACH', label: "Bachelor's" },
  { value: 'MAST', label: "Master's" },
  { value: 'DOCT', label: 'Doctorate' },
  { value: 'PROF', label: 'Professional (JD, MD and similar)' },
  { value: 'CERT', label: 'Certificate or diploma' },
  { value: 'NONE', label: 'Coursework only, no degree' },
]);

/**
 * 'Degree Earned/Expected' choices per level of study. Every level has at
 * least one choice, because the degree is always required once a level is picked.
 */
export const DEGREES_BY_TYPE: Readonly<Record<string, OptionList>> = Object.freeze({
  ASSOC: withBlank([
    { value: 'AA', label: 'Associate of Arts (AA)' },
    { value: 'AS', label: 'Associate of Science (AS)' },
    { value: 'AAS', label: 'Associate of Applied Science (AAS)' },
  ]),
  BACH: withBlank([
    { value: 'BA', label: 'Bachelor of Arts (BA)' },
    { value: 'BS', label: 'Bachelor of Science (BS)' },
    { value: 'BBA', label: 'Bachelor of Business Administration (BBA)' },
    { value: 'BFA', label: 'Bachelor of Fine Arts (BFA)' },
    { value: 'BSN', label: 'Bachelor of Science in Nursing (BSN)' },
    { value: 'BOTH', label: 'Other bachelor degree' },
  ]),
  MAST: withBlank([
    { value: 'MA', label: 'Master of Arts (MA)' },
    { value: 'MS', label: 'Master of Science (MS)' },
    { value: 'MBA', label: 'Master of Business Administration (MBA)' },
    { value: 'MED', label: 'Master of Education (MEd)' },
    { value: 'MSW', label: 'Master of Social Work (MSW)' },
    { value: 'MOTH', label: 'Other master degree' },
  ]),
  DOCT: withBlank([
    { value: 'PHD', label: 'Doctor of Philosophy (PhD)' },
    { value: 'EDD', label: 'Doctor of Education (EdD)' },
    { value: 'DOTH', label: 'Other doctorate' },
  ]),
  PROF: withBlank([
    { value: 'JD', label: 'Juris Doctor (JD)' },
    { value: 'MD', label: 'Doctor of Medicine (MD)' },
    { value: 'PHARMD', label: 'Doctor of Pharmacy (PharmD)' },
    { value: 'POTH', label: 'Other professional degree' },
  ]),
  CERT: withBlank([
    { value: 'UCERT', label: 'Undergraduate certificate' },
    { value: 'GCERT', label: 'Graduate certificate' },
    { value: 'DIPL', label: 'Diploma' },
  ]),
  NONE: withBlank([{ value: 'ND', label: 'No degree earned' }]),
});
