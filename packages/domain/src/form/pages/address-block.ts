import type { AnyCondition } from '../condition';
import { part, text } from '../question-builders';
import type { AddressBlockQuestion } from '../question-types';
import { placeQuestions } from './address-parts';

/** An address block whose answer keys are the address parts after `prefix` ('' or 'mailing_'). */
export function addressBlock(
  key: string,
  label: string,
  prefix: string,
  hideWhen?: AnyCondition,
): AddressBlockQuestion {
  const place = placeQuestions(prefix, 'Street Address');
  return {
    kind: 'address-block',
    key,
    label,
    lookupCategory: 'address',
    searchPart: 'zip',
    ...(hideWhen ? { hideWhen } : {}),
    questions: [
      part('country', place.country),
      part('address_line_1', place.address_line_1),
      part(
        'address_line_2',
        text(`${prefix}address_line_2`, 'Apartment, Suite or Unit', { autoComplete: 'address-line2' }),
      ),
      part('city', place.city),
      part('state', place.state),
      part('zip', place.zip),
    ],
  };
}
