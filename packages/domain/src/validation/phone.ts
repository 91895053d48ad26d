/**
 * SPEC section 5, phones: US format '(NXX) NNN-NNNN' whose area code and
 * exchange start with 2-9 (the web's phone input masks digits into it).
 */
export const US_PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;

export function isValidUsPhone(value: string): boolean {
  return US_PHONE_PATTERN.test(value);
}

/**
 * An international number: a '+' and 8 to 15 digits (the most E.164
 * allows), with single spaces or hyphens between digits as people write them.
 */
export const INTERNATIONAL_PHONE_PATTERN = /^\+\d(?:[ -]?\d){7,14}$/;

/** Where a phone may be a US or an international number (a recommender's): '' means not given. */
export function isValidUsOrInternationalPhone(value: string): boolean {
  return isValidUsPhone(value) || INTERNATIONAL_PHONE_PATTERN.test(value);
}

/** The answers one phone rule looks at. Empty strings mean "not given". */
export interface PhoneAnswers {
  readonly home: string;
  readonly mobile: string;
  readonly evening: string;
  readonly international: string;
  /** The applicant asked for text message updates. */
  readonly optIn: boolean;
}

/** The caller's wording: the same rule serves any form that asks for these phones. */
export interface PhoneMessages {
  /** The home (daytime) number is given but not a valid US number. */
  readonly validHome: string;
  /** The evening number is given but not a valid US number. */
  readonly validEvening: string;
  /** The cell number is given but not a valid US number. */
  readonly validMobile: string;
  /** No home number, and no cell, evening or international number either. Reported on home. */
  readonly oneRequired: string;
  /** Text updates were asked for without a cell number. Reported on mobile. */
  readonly optIn: string;
}

export interface PhoneErrors {
  readonly home: string[];
  readonly mobile: string[];
  readonly evening: string[];
}

const given = (value: string) => value.trim() !== '';

/**
 * The shared phone rule. Each number is optional on its own, but must be a
 * valid US number when given; home is required unless another number is
 * given; a cell number is required for text updates. The international
 * number is free text, so only its presence counts.
 */
export function phoneErrors(values: PhoneAnswers, messages: PhoneMessages): PhoneErrors {
  const home: string[] = [];
  const mobile: string[] = [];
  const evening: string[] = [];
  if (given(values.home)) {
    if (!isValidUsPhone(values.home)) home.push(messages.validHome);
  } else if (!given(values.mobile) && !given(values.evening) && !given(values.international)) {
    home.push(messages.oneRequired);
  }
  if (given(values.mobile)) {
    if (!isValidUsPhone(values.mobile)) mobile.push(messages.validMobile);
  } else if (values.optIn) {
    mobile.push(messages.optIn);
  }
  if (given(values.evening) && !isValidUsPhone(values.evening)) evening.push(messages.validEvening);
  return { home, mobile, evening };
}
