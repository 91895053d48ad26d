import { ZIP_MIN_LENGTH } from '../constants';
import { VALIDATION_MESSAGES } from './messages';

/** Five digits with an optional four-digit extension: '12345' or '12345-6789'. */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * SPEC section 5, zip of a US address: required, at least ZIP_MIN_LENGTH
 * characters, and the US pattern. A blank answer gets only requiredMessage
 * (the other two would say nothing more); a non-blank one gets every
 * message that applies: '123' is both too short and not a ZIP code,
 * '12345-12' is long enough but still not one.
 */
export function usZipErrors(value: string, requiredMessage: string): string[] {
  if (value.trim() === '') return [requiredMessage];
  const errors: string[] = [];
  if (value.length < ZIP_MIN_LENGTH) errors.push(VALIDATION_MESSAGES.zipTooShort);
  if (!US_ZIP_PATTERN.test(value)) errors.push(VALIDATION_MESSAGES.zipInvalid);
  return errors;
}
