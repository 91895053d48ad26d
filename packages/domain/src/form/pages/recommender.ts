import { NAME_PREFIXES } from '../../answers/options/personal';
import { RECOMMENDER_RELATIONS } from '../../answers/options/recommendation';
import { email, phone, select, text } from '../question-builders';
import type { Question } from '../question-types';

/** Prefixes of the two recommenders (SPEC section 3). */
export const RECOMMENDER_PREFIXES = ['recommender_', 'recommender_2_'] as const;

/** One recommender; every answer key is `prefix` + part. The only place these keys are named. */
export function recommenderQuestions(prefix: string): readonly Question[] {
  return [
    select(`${prefix}prefix`, 'Prefix', NAME_PREFIXES),
    text(`${prefix}first_name`, 'First Name'),
    text(`${prefix}last_name`, 'Last Name'),
    text(`${prefix}organisation`, 'Organization', { maxLength: 100 }),
    text(`${prefix}position`, 'Position or Title'),
    select(`${prefix}relation`, 'Relationship to You', RECOMMENDER_RELATIONS),
    // Recommenders may live abroad; room for '+', 15 digits and separators.
    phone(`${prefix}phone`, 'Phone', { international: true, maxLength: 20 }),
    email(`${prefix}email`, 'Email'),
  ];
}
