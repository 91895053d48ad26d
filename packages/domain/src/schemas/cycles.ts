import { z } from 'zod';

/** POST /api/application/new-cycle: whether to carry an unsubmitted application's answers over. */
export const newCycleBody = z.strictObject({ carry_over: z.boolean() });
export type NewCycleBody = z.infer<typeof newCycleBody>;

const uuid = z.uuid();

/** POST /api/applications: a new application in the open cycle, its answers copied from another one when asked. */
export const startApplicationBody = z.strictObject({
  program: z.string().min(1).max(12),
  term: z.string().min(1).max(16).optional(),
  copy_from: uuid.optional(),
});
export type StartApplicationBody = z.infer<typeof startApplicationBody>;

/** PUT /api/applications/current */
export const currentApplicationBody = z.strictObject({ id: uuid });
export type CurrentApplicationBody = z.infer<typeof currentApplicationBody>;
