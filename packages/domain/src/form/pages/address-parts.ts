import { COUNTRIES } from '../../answers/options/countries';
import { STATES_BY_COUNTRY } from '../../answers/options/states';
import { conditionalSelect, select, text } from '../question-builders';

/**
 * The place questions shared by address and school blocks. Country comes
 * before state because the state's options follow the country (USA and CAN
 * only), and a list that appears above the field that caused it is easy to miss.
 */
export function placeQuestions(prefix: string, streetLabel: string) {
  return {
    address_line_1: text(`${prefix}address_line_1`, streetLabel, { autoComplete: 'address-line1' }),
    city: text(`${prefix}city`, 'City', { autoComplete: 'address-level2' }),
    country: select(`${prefix}country`, 'Country', COUNTRIES),
    state: conditionalSelect(`${prefix}state`, 'State/Province', `${prefix}country`, {
      category: 'display-and-options',
      byControlValue: STATES_BY_COUNTRY,
    }),
    zip: text(`${prefix}zip`, 'ZIP/Postal Code', { maxLength: 10, autoComplete: 'postal-code' }),
  };
}
