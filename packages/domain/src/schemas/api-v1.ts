import { z } from 'zod';
import { CHECKLIST_STATES } from '../api/status';
import { EXTERNAL_SYSTEM_PATTERN } from './integrations';

/**
 * The read API, version 1 (issue 45, decision 068): what /api/v1 accepts and answers, as zod schemas. The server
 * validates with them, its OpenAPI document is generated from them (api-v1-openapi.ts) and its TypeScript types are
 * inferred from them, so the three cannot drift apart.
 */

/** Query values arrive as strings; an empty one (`?cycle=`) is no filter at all. */
const filterText = z.string().trim().min(1).max(64).optional();

export const API_V1_STATES = ['in_progress', 'submitted', 'withdrawn'] as const;
export const API_V1_PAGE_DEFAULT = 50;
export const API_V1_PAGE_MAX = 200;

/** GET /api/v1/applications */
export const apiV1ListQuery = z.strictObject({
  cycle: filterText.describe('An admission cycle id, e.g. "2027".'),
  program: filterText.describe("A program code of the tenant's programs."),
  state: z.enum(API_V1_STATES).optional(),
  updated_since: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('An instant (ISO 8601): only applications whose `updated_at` is at or after it.'),
  cursor: z.string().min(1).max(512).optional().describe("The previous page's `next_cursor`, with the same filters."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_V1_PAGE_MAX)
    .default(API_V1_PAGE_DEFAULT)
    .describe(`Applications per page, 1 to ${API_V1_PAGE_MAX}.`),
});
export type ApiV1ListQuery = z.infer<typeof apiV1ListQuery>;

/** An application's id in a path. */
export const apiV1ApplicationParams = z.strictObject({ id: z.uuid().describe("The application's id.") });

export const apiV1ExternalIdParams = z.strictObject({
  id: z.uuid().describe("The application's id."),
  system: z
    .string()
    .regex(EXTERNAL_SYSTEM_PATTERN)
    .describe('The student-record system, e.g. "banner", "colleague", "peoplesoft", "workday".'),
});

/** A document's signed download link: its path names the application and the document's question... */
export const apiV1DownloadParams = z.strictObject({
  id: z.uuid().describe("The application's id."),
  answer_key: z.string().min(1).max(100).describe("The document's question (its answer key)."),
});

/** ...and its query the token that asked for it, until when, and the signature (no bearer token: the link is the proof). */
export const apiV1DownloadQuery = z.strictObject({
  token: z.uuid().describe('The id of the token that asked for the link.'),
  expires: z.coerce.number().int().positive().describe('Seconds since the epoch: the link works until then.'),
  signature: z.string().min(1).max(100),
});

/** PUT /api/v1/applications/{id}/external-ids/{system}: printable ASCII, no space at either end. */
export const apiV1ExternalIdBody = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/)
    .describe("The application's id in that system (1 to 64 printable characters)."),
});
export type ApiV1ExternalIdBody = z.infer<typeof apiV1ExternalIdBody>;

const instant = z.iso.datetime({ offset: true });

export const apiV1ChecklistItem = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['answers', 'document', 'letter', 'fee']),
  state: z.enum(CHECKLIST_STATES),
  updated_at: instant.nullable(),
});
export type ApiV1ChecklistItem = z.infer<typeof apiV1ChecklistItem>;

/** The released decision, with the applicant's response. Never a draft or a release still scheduled. */
export const apiV1Decision = z.object({
  code: z.string(),
  label: z.string(),
  released_at: instant,
  reply_by: instant.nullable(),
  response: z.enum(['accept', 'decline']).nullable(),
  responded_at: instant.nullable(),
  /** The offer lapsed unanswered and was declined by the reply date (decisions' default decline). */
  response_by_default: z.boolean(),
});
export type ApiV1Decision = z.infer<typeof apiV1Decision>;

export const apiV1Application = z.object({
  id: z.uuid(),
  cycle: z.string(),
  program: z.string(),
  term: z.string(),
  state: z.enum(API_V1_STATES),
  submitted_at: instant.nullable(),
  updated_at: instant.describe(
    'The last change of what this answer shows: answers, submission, checklist, released decision, response, ' +
      'withdrawal, an external id.',
  ),
  answers: z
    .record(z.string(), z.string())
    .describe(
      "Keyed by the form's answer keys. Left out: the equality monitoring answers (for aggregate reports only) " +
        'and answers to questions the other answers hide.',
    ),
  checklist: z.array(apiV1ChecklistItem),
  decision: apiV1Decision
    .nullable()
    .optional()
    .describe('Only with the decisions:read scope: the released decision, or null when none is released.'),
  external_ids: z.record(z.string(), z.string()).describe("The campus systems' ids written back: {system: id}."),
});
export type ApiV1Application = z.infer<typeof apiV1Application>;

export const apiV1ApplicationList = z.object({
  data: z.array(apiV1Application),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});
export type ApiV1ApplicationList = z.infer<typeof apiV1ApplicationList>;

export const apiV1Document = z.object({
  answer_key: z.string(),
  label: z.string(),
  file_name: z.string().describe('The name of the file the applicant uploaded; the download is its PDF.'),
  file_size: z.number().int(),
  url: z.string().describe('A signed download link of the PDF, valid until `url_expires_at`; no token needed.'),
  url_expires_at: instant,
});
export type ApiV1Document = z.infer<typeof apiV1Document>;

export const apiV1DocumentList = z.object({ data: z.array(apiV1Document) });
export type ApiV1DocumentList = z.infer<typeof apiV1DocumentList>;

export const apiV1ExternalId = z.object({
  application_id: z.uuid(),
  system: z.string(),
  id: z.string(),
  set_at: instant,
});
export type ApiV1ExternalId = z.infer<typeof apiV1ExternalId>;

/** Every error answer: the product's own shape. */
export const apiV1Error = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
