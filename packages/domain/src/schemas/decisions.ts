import { z } from 'zod';
import {
  DECISION_BATCH_MAX_APPLICATIONS,
  DECISION_CONDITION_MAX_LENGTH,
  DECISION_DETAILS_MAX_LENGTH,
  DECISION_RELEASE_MAX_APPLICATIONS,
  DECISION_RESPONSES,
  DECISION_STATES,
  WITHDRAW_REASON_MAX_LENGTH,
} from '../api/decisions';

const instant = z.iso.datetime({ offset: true });
/** A reply-by: an instant with its offset, or a date alone ('2027-03-14'), which falls at the tenant's reply_time that day in its zone. */
const replyBy = z.union([instant, z.iso.date()]);
const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be an application id');

/** PUT /api/staff/applications/{id}/decision; the code and reasons are checked against the tenant's lists. */
export const recordDecisionBody = z.strictObject({
  code: z.string().min(1).max(40),
  reasons: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(40),
        details: z.string().trim().max(DECISION_DETAILS_MAX_LENGTH).optional(),
      }),
    )
    .max(20)
    .optional(),
  conditions: z.array(z.string().trim().min(1).max(DECISION_CONDITION_MAX_LENGTH)).max(20).optional(),
  reply_by: replyBy.optional(),
});
export type RecordDecisionInput = z.infer<typeof recordDecisionBody>;

/** POST /api/staff/decisions/record: one provisional decision for every application selected (issue 41). */
export const recordDecisionsBody = recordDecisionBody.extend({
  application_ids: z.array(uuid).min(1).max(DECISION_BATCH_MAX_APPLICATIONS),
});
export type RecordDecisionsInput = z.infer<typeof recordDecisionsBody>;

/** POST /api/staff/decisions/cancel: the selected applications taken out of their scheduled releases. */
export const cancelScheduledBody = z.strictObject({
  application_ids: z.array(uuid).min(1).max(DECISION_BATCH_MAX_APPLICATIONS),
});

/** POST /api/staff/decisions/release */
export const releaseDecisionsBody = z.strictObject({
  application_ids: z.array(uuid).min(1).max(DECISION_RELEASE_MAX_APPLICATIONS),
  at: instant.optional(),
  dry_run: z.boolean().optional(),
});

/** POST /api/decision/response */
export const decisionResponseBody = z.strictObject({ response: z.enum(DECISION_RESPONSES) });

/** POST /api/withdraw */
export const withdrawBody = z.strictObject({ reason: z.string().trim().max(WITHDRAW_REASON_MAX_LENGTH).optional() });

/** The list's decision filters (added to staffListQuery). */
export const decisionListFilters = {
  decision: z.string().max(40).optional(),
  decision_state: z.enum(DECISION_STATES).optional(),
};
