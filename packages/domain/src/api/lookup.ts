/**
 * GET /lookup/find (SPEC sections 4 and 7): the autocomplete behind school
 * and address blocks. One path, two calls: `text` lists matches, `id` returns
 * one full record.
 */
export const LOOKUP_PATH = '/lookup/find';

/** College (IPEDS directory), US high school, and US place by ZIP code. */
export const LOOKUP_CATEGORIES = ['college_ceeb', 'hs_ceeb', 'address'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];
export const SCHOOL_LOOKUP_CATEGORIES = ['college_ceeb', 'hs_ceeb'] as const satisfies readonly LookupCategory[];
export type SchoolLookupCategory = (typeof SCHOOL_LOOKUP_CATEGORIES)[number];

export function isLookupCategory(value: unknown): value is LookupCategory {
  return typeof value === 'string' && (LOOKUP_CATEGORIES as readonly string[]).includes(value);
}

/** SPEC section 4: up to 5 results; a larger max_results is capped, not refused. */
export const LOOKUP_MAX_RESULTS = 5;
export const LOOKUP_TEXT_MAX_LENGTH = 100;
export const LOOKUP_ID_MAX_LENGTH = 20;
/** Typing waits this long before asking, but never longer than the maximum wait (SPEC section 4). */
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;

/** One match of the text call; sub_text shows the city and state. */
export interface LookupItem {
  id: string;
  text: string;
  sub_text: string;
}

export type LookupListResponse = LookupItem[];

/** A school's full record: the parts of a school block (SPEC section 3). `country` uses the form's country values (ISO alpha-3). */
export interface SchoolLookupRecord {
  id: string;
  name: string;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  ceeb: string;
}

/** A place: what the address lookup completes; the street stays as the applicant typed it. */
export interface AddressLookupRecord {
  id: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export type LookupRecord = SchoolLookupRecord | AddressLookupRecord;
