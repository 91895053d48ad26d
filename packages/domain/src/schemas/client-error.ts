import { z } from 'zod';

/** POST /public/client-error */
export const clientErrorBody = z.strictObject({
  message: z.string().max(1000),
  /** The path the error happened on, e.g. '/education-alr'. */
  route: z.string().max(300),
  stack: z.string().max(8000).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;
