import { z } from 'zod';
import { answerBody } from './application';

/** POST /api/carry-over */
export const carryOverBody = z.strictObject({ answer: answerBody });
export type CarryOverBody = z.infer<typeof carryOverBody>;
