import { z } from 'zod';
import { MESSAGE_BODY_MAX, MESSAGE_CATEGORIES, MESSAGE_SUBJECT_MAX } from '../api/messages';

const oneOrMany = <T extends z.ZodType>(value: T) => z.union([value, z.array(value).min(1).max(50)]);
const code = z.string().trim().min(1).max(40);

/** A segment: the console list's filters (their values checked against the tenant and the stages on the server). */
export const messageSegment = z.strictObject({
  program: oneOrMany(code).optional(),
  term: oneOrMany(code).optional(),
  stage: oneOrMany(code).optional(),
  status: oneOrMany(code).optional(),
  complete: oneOrMany(z.enum(['yes', 'no'])).optional(),
  decision: oneOrMany(code).optional(),
  decision_state: oneOrMany(code).optional(),
  fee: oneOrMany(code).optional(),
  cycle: z.string().trim().min(1).max(32).optional(),
  include_withdrawn: z.boolean().optional(),
});

export const messageBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  segment: messageSegment,
  subject: z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX),
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX),
  category: z.enum(MESSAGE_CATEGORIES),
});

export const messagePreviewBody = z.strictObject({ application_id: z.uuid().optional() });

/** `at` with an offset ("2026-12-01T09:00:00-06:00"); absent means now. */
export const messageSendBody = z.strictObject({
  confirm_count: z.number().int().min(0).max(1_000_000),
  at: z.iso.datetime({ offset: true }).optional(),
});

export const messageRecipientsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
