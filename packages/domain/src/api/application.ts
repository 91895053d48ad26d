/**
 * The application calls of SPEC section 7: their answers and limits. The request
 * bodies' schemas are in ../schemas/application (server only).
 */

export interface TemporaryAnswersCreated {
  message: string;
  token: string;
  /** The link that brings the visitor back to these answers. */
  url: string;
  expires_at: string;
}

export interface TemporaryAnswersResponse {
  answer: Record<string, string>;
  expires_at: string;
}

/** Days a visitor's resume link stays valid. */
export const TEMPORARY_ANSWERS_TTL_DAYS = 30;

/**
 * DELETE /api/add-another/{button_id}/{number}: removes block `number` (1 is
 * the first, as in 'School 1') of a repeater. Later blocks move up one place
 * with their answers, tab choices and documents; the last is emptied, and
 * the count goes down by one (never below 1). Answers 200 with what changed,
 * 400 BAD_REQUEST for an unknown repeater or a block beyond the count,
 * 409 APPLICATION_SUBMITTED once submitted.
 */
export interface RemoveRepeatBlockResponse {
  /** The repeater's new count: { [button_id]: count }. */
  add_another: Record<string, number>;
  /** Every answer key of the moved and emptied blocks with its new value ('' when emptied). */
  answer: Record<string, string>;
  /** The whole map of chosen tabs after the removal. */
  tabs: Record<string, string>;
}
