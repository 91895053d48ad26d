import { z } from 'zod';

/**
 * POST /public/client-error: the browser reports a screen that failed to
 * render (SPEC section 8, root error screen), so 'has been logged' is true.
 * Answers 202 with a reference the applicant can quote to the help desk;
 * 429 RATE_LIMITED when one address reports too often.
 */
export const clientErrorBody = z.strictObject({
  message: z.string().max(1000),
  /** The path the error happened on, e.g. '/education-alr'. */
  route: z.string().max(300),
  stack: z.string().max(8000).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;

export interface ClientErrorResponse {
  /** Also in the server log line, so a quoted reference finds it. */
  request_id: string;
}
