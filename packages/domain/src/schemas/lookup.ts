import { z } from 'zod';
import { LOOKUP_MAX_RESULTS, LOOKUP_TEXT_MAX_LENGTH } from '../api/lookup';

/** The query of the text call; category is checked first and on its own, for a stable error code. */
export const lookupTextQuerySchema = z.strictObject({
  category: z.string(),
  text: z.string().trim().min(1).max(LOOKUP_TEXT_MAX_LENGTH),
  max_results: z.coerce
    .number()
    .int()
    .min(1)
    .default(LOOKUP_MAX_RESULTS)
    .transform((n) => Math.min(n, LOOKUP_MAX_RESULTS)),
});

/** The query of the detail call. Ids are digits in every category (IPEDS unitid, CEEB code, ZIP code). */
export const lookupIdQuerySchema = z.strictObject({
  category: z.string(),
  id: z.string().regex(/^[0-9]{1,20}$/),
});
