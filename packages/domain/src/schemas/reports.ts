import { z } from 'zod';

/** A report's query string (issue 47): the cycle and program it is drawn for, and its format. */
export const reportQuery = z.strictObject({
  /** A cycle id; absent means the open cycle. */
  cycle: z.string().trim().min(1).max(32).optional(),
  /** A program code; absent means every program the member may see. */
  program: z.string().trim().min(1).max(20).optional(),
  /** `json` or `csv` (REPORT_FORMATS); JSON unless asked for CSV here or by `Accept: text/csv`. Another: 406. */
  format: z.string().trim().max(20).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;
