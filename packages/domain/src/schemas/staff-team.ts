import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../account/email';
import { STAFF_ROLES } from '../api/staff-roles';
import { AUDIT_ACTIONS, MAX_MEMBER_NAME_LENGTH, MAX_REVIEW_COMMENT_LENGTH } from '../api/staff-team';

/**
 * The bodies of the office's working calls (issue #28). Limits the server
 * reports with a code of their own (too many ids, an empty or long note, a
 * score out of range) are checked by the routes, not here, so the client
 * gets that code rather than a generic BAD_REQUEST.
 */
const email = z.string().trim().min(3).max(MAX_EMAIL_LENGTH).includes('@');
const roles = z.array(z.enum(STAFF_ROLES)).min(1).max(STAFF_ROLES.length);
const programs = z.array(z.string().trim().min(1).max(20)).max(100).nullable();
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const id = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/);
const label = z.string().trim().min(1).max(100);

const name = z.string().trim().min(1).max(MAX_MEMBER_NAME_LENGTH);

export const teamInviteBody = z.strictObject({ email, name, roles, programs: programs.default(null) });
export const teamChangeBody = z.strictObject({
  email: email.optional(),
  name: name.optional(),
  roles,
  programs: programs.default(null),
});

export const stagesBody = z.strictObject({
  stages: z.array(z.strictObject({ id, label })).max(50),
});

/** A new criterion comes without an id: the server makes it, once (issue 49); an existing one keeps its own. */
export const rubricBody = z.strictObject({
  criteria: z
    .array(z.strictObject({ id: id.optional(), label, min: z.number().finite(), max: z.number().finite() }))
    .max(30),
  overall: z.enum(['average', 'sum', 'entered']),
});
export const rubricsBody = z.record(z.string().max(20), rubricBody);

/** Any number of ids parses; the route refuses more than MAX_BULK_APPLICATIONS with TOO_MANY_APPLICATIONS. */
export const assignmentBody = z.strictObject({ reviewer: email, application_ids: z.array(uuid).min(1).max(10_000) });
export const stageMoveBody = z.strictObject({ stage: z.string().max(40) });
export const bulkStageMoveBody = z.strictObject({
  stage: z.string().max(40),
  application_ids: z.array(uuid).min(1).max(10_000),
});

export const reviewBody = z.strictObject({
  scores: z.record(z.string().max(40), z.number().finite()),
  comment: z.string().max(MAX_REVIEW_COMMENT_LENGTH).default(''),
  overall: z.number().finite().optional(),
  submit: z.boolean(),
});

/** The route checks the length (NOTE_EMPTY), after trimming. */
export const noteBody = z.strictObject({ text: z.string().max(100_000) });

export const auditQuery = z.strictObject({
  member: z.string().trim().max(MAX_EMAIL_LENGTH).optional(),
  application: uuid.optional(),
  /** The applicant's name, searched as the console's list searches (folded: 'yilmaz' finds Yılmaz). */
  name: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The newest row the first page read (AuditResponse.upto): later pages fold and count only up to it. */
  upto: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
