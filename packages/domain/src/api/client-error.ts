/**
 * POST /public/client-error: the browser reports a screen that failed to
 * render (SPEC section 8, root error screen), so 'has been logged' is true.
 * Answers 202 with a reference the applicant can quote to the help desk;
 * 429 RATE_LIMITED when one address reports too often.
 */
export interface ClientErrorResponse {
  /** Also in the server log line, so a quoted reference finds it. */
  request_id: string;
}
