import { z } from 'zod';
import { RECOGNISED_WEB_STATUSES } from '../application/web-status';

/**
 * Request bodies of the application calls (SPEC section 7). Which answer keys
 * and lengths are acceptable is decided by the form definition, not here.
 */
export const answerBody = z.record(z.string().max(100), z.string());
export const lastPageBody = z.strictObject({ last_page: z.string().max(100) });
export const webStatusBody = z.strictObject({ web_status: z.enum(RECOGNISED_WEB_STATUSES) });
export const addAnotherBody = z.strictObject({ button_id: z.string().max(100), num_components: z.number().int() });
export const tabsBody = z.strictObject({ tab_id: z.string().max(100), chosen_tab: z.string().max(100) });
export const validationsBody = z.strictObject({ errors: z.record(z.string().max(100), z.array(z.string().max(500))) });

/** A visitor's answers saved for later, optionally with an address to e-mail the resume link to. */
export const temporaryAnswersBody = z.strictObject({
  answer: answerBody,
  email: z.string().max(254).optional(),
});

export type AnswerBody = z.infer<typeof answerBody>;
export type LastPageBody = z.infer<typeof lastPageBody>;
export type WebStatusBody = z.infer<typeof webStatusBody>;
export type AddAnotherBody = z.infer<typeof addAnotherBody>;
export type TabsBody = z.infer<typeof tabsBody>;
export type ValidationsBody = z.infer<typeof validationsBody>;
export type TemporaryAnswersBody = z.infer<typeof temporaryAnswersBody>;
