import { CHECKED } from '../../answers/answer-values';
import { USA } from '../../answers/options/countries';
import type { Condition } from '../condition';
import type { ProgramRules } from '../form-types';

/**
 * Any of these makes an applicant domestic; everyone else who has answered
 * citizenship is international (SPEC section 5, non-US applicants).
 */
export const DOMESTIC_APPLICANT: readonly Condition[] = [
  { valueKey: 'citizenship', operator: 'equals', target: USA },
  { valueKey: 'citizenship_dual', operator: 'equals', target: USA },
  { valueKey: 'residency_status', operator: 'equals', target: CHECKED },
];

/** Programs without letters of recommendation hide the recommender sections. */
export function noRecommendersNeeded(programs: ProgramRules): Condition {
  return { valueKey: 'applied_major', operator: 'notIn', target: programs.recommenders };
}

/** Programs without a research description hide its upload. */
export function noResearchUploadNeeded(programs: ProgramRules): Condition {
  return { valueKey: 'applied_major', operator: 'notIn', target: programs.researchUpload };
}
