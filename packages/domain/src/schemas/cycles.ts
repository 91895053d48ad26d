import { z } from 'zod';

/** POST /api/application/new-cycle: whether to carry an unsubmitted application's answers over. */
export const newCycleBody = z.strictObject({ carry_over: z.boolean() });
export type NewCycleBody = z.infer<typeof newCycleBody>;
