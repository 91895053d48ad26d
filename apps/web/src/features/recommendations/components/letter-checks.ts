import {
  RECOMMENDATION_DECLINE_REASON_MAX_LENGTH,
  RECOMMENDATION_LETTER_MAX_LENGTH,
  RECOMMENDATION_LETTER_MIN_LENGTH,
  RECOMMENDATION_MESSAGES,
} from '@admissions/domain';

/** The written letter, as the server will check it (it does so again). */
export function checkLetterText(text: string): string | undefined {
  const length = text.trim().length;
  if (length < RECOMMENDATION_LETTER_MIN_LENGTH) return RECOMMENDATION_MESSAGES.letterTooShort;
  if (length > RECOMMENDATION_LETTER_MAX_LENGTH) return RECOMMENDATION_MESSAGES.letterTooLong;
  return undefined;
}

/** The reason for declining: the applicant reads it, so it may not be empty. */
export function checkDeclineReason(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length === 0) return RECOMMENDATION_MESSAGES.reasonRequired;
  if (length > RECOMMENDATION_DECLINE_REASON_MAX_LENGTH) return RECOMMENDATION_MESSAGES.reasonTooLong;
  return undefined;
}
