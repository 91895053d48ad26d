import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../account/email';

/** Bodies of the checklist calls (docs/decisions/043-checklist-derived-from-the-form.md, 044-reminders-requests-addresses.md). */
const itemKey = z.string().min(1).max(200);

/** POST /api/staff/applications/{id}/requests: one document asked for again, with the office's words to the applicant. */
export const checklistRequestBody = z.strictObject({
  item_key: itemKey,
  message: z.string().trim().min(1).max(2000),
});
export type ChecklistRequestBody = z.infer<typeof checklistRequestBody>;

/** POST /api/staff/applications/{id}/waivers */
export const checklistWaiverBody = z.strictObject({
  item_key: itemKey,
  reason: z.string().trim().min(1).max(2000),
});
export type ChecklistWaiverBody = z.infer<typeof checklistWaiverBody>;

/** POST /api/staff/applications/{id}/receipts: a document received by the office, with its note (issue 41). */
export const checklistReceiptBody = z.strictObject({
  item_key: itemKey,
  note: z.string().trim().min(1).max(2000),
});
export type ChecklistReceiptBody = z.infer<typeof checklistReceiptBody>;

/** DELETE …/requests, …/waivers and …/receipts name the item in the query. */
export const checklistItemQuery = z.strictObject({ item_key: itemKey });
export type ChecklistItemQuery = z.infer<typeof checklistItemQuery>;

/** PUT /api/recommendations/{prefix}/address: the shape only; the address rule is the form's. */
export const recommenderAddressBody = z.strictObject({ email: z.string().trim().max(MAX_EMAIL_LENGTH) });
export type RecommenderAddressBody = z.infer<typeof recommenderAddressBody>;

/** PUT /api/status/reminders */
export const remindersBody = z.strictObject({ enabled: z.boolean() });
export type RemindersBody = z.infer<typeof remindersBody>;

/** POST /public/reminders/unsubscribe: the signed token of the e-mail's link. */
export const unsubscribeBody = z.strictObject({ token: z.string().min(10).max(300) });
export type UnsubscribeBody = z.infer<typeof unsubscribeBody>;
