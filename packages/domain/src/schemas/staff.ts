import { z } from 'zod';
import { FEE_FILTERS } from '../api/payments';
import { STAFF_LIST_SORTS, STAFF_WEB_STATUSES } from '../api/staff';
import { decisionListFilters } from './decisions';

/** The list's query string; every part optional. */
export const staffListQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(STAFF_WEB_STATUSES).optional(),
  program: z.string().max(20).optional(),
  term: z.string().max(20).optional(),
  stage: z.string().max(40).optional(),
  /** Complete (every checklist item received or waived) or not. */
  complete: z.enum(['yes', 'no']).optional(),
  /** A cycle id, or ALL_CYCLES; absent means the current cycle. */
  cycle: z.string().max(32).optional(),
  ...decisionListFilters,
  /** The application fee's state ('overdue' by the server's clock), or `deposit_overdue` (issue 43). */
  fee: z.enum(FEE_FILTERS).optional(),
  sort: z.enum(STAFF_LIST_SORTS).default('last_change'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;
