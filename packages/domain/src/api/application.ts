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

export interface TemporaryAnswersCreated {
  message: string;
  token: string;
  /** The link that brings the visitor back to these answers. */
  url: string;
  expires_at: string;
}

export interface TemporaryAnswersResponse {
  answer: Record<string, string>;
  expires_at: string;
}

/** Days a visitor's resume link stays valid. */
export const TEMPORARY_ANSWERS_TTL_DAYS = 30;

/**
 * DELETE /api/add-another/{button_id}/{number}: removes block `number` (1 is
 * the first, as in 'School 1') of a repeater. Later blocks move up one place
 * with their answers, tab choices and documents; the last is emptied, and
 * the count goes down by one (never below 1). Answers 200 with what changed,
 * 400 BAD_REQUEST for an unknown repeater or a block beyond the count,
 * 409 APPLICATION_SUBMITTED once submitted.
 */
export interface RemoveRepeatBlockResponse {
  /** The repeater's new count: { [button_id]: count }. */
  add_another: Record<string, number>;
  /** Every answer key of the moved and emptied blocks with its new value ('' when emptied). */
  answer: Record<string, string>;
  /** The whole map of chosen tabs after the removal. */
  tabs: Record<string, string>;
}
