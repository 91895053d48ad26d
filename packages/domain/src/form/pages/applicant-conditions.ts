import { CHECKED } from '../../answers/answer-values';
import { USA } from '../../answers/options/countries';
import { RECOMMENDER_MAJORS, RESEARCH_UPLOAD_MAJORS } from '../../constants';
import type { Condition } from '../condition';

/**
 * Any of these makes an applicant domestic; everyone else who has answered
 * citizenship is international (SPEC section 5, non-US applicants).
 */
export const DOMESTIC_APPLICANT: readonly Condition[] = [
  { valueKey: 'citizenship', operator: 'equals', target: USA },
  { valueKey: 'citizenship_dual', operator: 'equals', target: USA },
  { valueKey: 'residency_status', operator: 'equals', target: CHECKED },
];

export const NO_RECOMMENDERS_NEEDED: Condition = {
  valueKey: 'applied_major',
  operator: 'notIn',
  target: RECOMMENDER_MAJORS,
};

export const NO_RESEARCH_UPLOAD_NEEDED: Condition = {
  valueKey: 'applied_major',
  operator: 'notIn',
  target: RESEARCH_UPLOAD_MAJORS,
};
