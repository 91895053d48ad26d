import type { MemberSignIn } from './staff-sign-in';
import type { StaffRole } from './staff-roles';

/**
 * The office's working calls (issue #28): the team, stages, rubrics,
 * assignments, reviews, notes and the audit log. Every instant is an ISO
 * string in UTC; the console shows it with its zone.
 */

/** Most applications one POST /api/staff/assignments (or a bulk stage move) may name. */
export const MAX_BULK_APPLICATIONS = 500;
export const MAX_NOTE_LENGTH = 5000;
export const MAX_REVIEW_COMMENT_LENGTH = 10_000;
/** A member's name (issue 49), trimmed: asked for at invitation. */
export const MAX_MEMBER_NAME_LENGTH = 100;

/** What the console calls a member: their name, or their address until they have one (issue 49). */
export function memberLabel(member: { email: string; name: string | null }): string {
  return member.name ?? member.email;
}

/** GET /api/staff/team: one member. */
export interface TeamMember extends MemberSignIn {
  email: string;
  /** Asked for at invitation (issue 49); null for the STAFF_EMAILS administrators and members invited before. */
  name: string | null;
  roles: StaffRole[];
  /** Program codes the member is limited to; null for every program. */
  programs: string[] | null;
  status: 'invited' | 'active';
  invited_at: string | null;
  last_seen_at: string | null;
  /** From STAFF_EMAILS: an administrator from boot, changed only in the environment. */
  from_environment: boolean;
}
export interface TeamResponse {
  members: TeamMember[];
}
/** POST /api/staff/team (invite) and PUT /api/staff/team/{email} (change). */
export interface TeamMemberInput {
  email: string;
  /** Required at invitation; a change that leaves it out keeps the member's name. */
  name: string;
  roles: StaffRole[];
  programs: string[] | null;
}

/** GET/PUT /api/staff/stages: the ordered list; a submitted application enters the first. */
export interface Stage {
  id: string;
  label: string;
}
export interface StagesResponse {
  stages: Stage[];
}

export interface RubricCriterion {
  id: string;
  label: string;
  min: number;
  max: number;
}
export interface Rubric {
  criteria: RubricCriterion[];
  /** How the overall score follows from the criteria: their average, their sum, or entered by the reviewer. */
  overall: 'average' | 'sum' | 'entered';
}
/** GET/PUT /api/staff/rubrics: by program code, and 'default' for programs without one. */
export type RubricsResponse = Record<string, Rubric>;
/**
 * PUT /api/staff/rubrics's body (issue 49): a new criterion comes without an id and the server makes one, once;
 * an existing criterion keeps the id the server gave it (an id the rubrics do not have is refused). So renaming
 * a criterion keeps every score under it.
 */
export interface RubricCriterionInput extends Omit<RubricCriterion, 'id'> {
  id?: string;
}
export interface RubricInput extends Omit<Rubric, 'criteria'> {
  criteria: RubricCriterionInput[];
}
export type RubricsInput = Record<string, RubricInput>;

/** POST /api/staff/assignments. */
export interface AssignmentInput {
  reviewer: string;
  application_ids: string[];
}
export interface AssignmentResult {
  assigned: number;
  /** Already assigned to this reviewer: left as they were. */
  already_assigned: number;
}

/** PUT /api/staff/applications/{id}/stage; PUT /api/staff/applications/stage moves many. */
export interface StageMoveInput {
  stage: string;
}
export interface BulkStageMoveInput {
  stage: string;
  application_ids: string[];
}

/** GET /api/staff/queue: the caller's assigned applications whose review is not yet submitted, oldest assignment first. */
export interface QueueItem {
  user_id: string;
  first_name: string;
  last_name: string;
  program: string;
  program_label: string;
  stage: string | null;
  assigned_at: string;
  submitted_at: string | null;
  /** The caller's own draft, when one is saved. */
  has_draft: boolean;
}
export interface QueueResponse {
  items: QueueItem[];
}

/** PUT /api/staff/applications/{id}/review. */
export interface ReviewInput {
  scores: Record<string, number>;
  comment: string;
  /** Only for a rubric whose overall is 'entered'. */
  overall?: number;
  submit: boolean;
}
export interface Review {
  reviewer: string;
  /** The reviewer's name (issue 49); null (or absent) until they have one: show the address then. */
  reviewer_name?: string | null;
  scores: Record<string, number>;
  comment: string;
  overall: number | null;
  status: 'draft' | 'submitted';
  updated_at: string;
  submitted_at: string | null;
}
/**
 * GET /api/staff/applications/{id}/reviews: the caller's own review, the
 * rubric that applies, and the others' submitted reviews only once the caller
 * has submitted their own (or is a decider or administrator): blind review.
 */
export interface ReviewsResponse {
  rubric: Rubric;
  mine: Review | null;
  others: Review[];
  /** Whether the others' reviews are withheld from the caller (blind until their own is submitted). */
  others_hidden: boolean;
  assigned_to_me: boolean;
}

export interface Note {
  id: string;
  author: string;
  /** The author's name (issue 49); null (or absent) until they have one: show the address then. */
  author_name?: string | null;
  text: string;
  created_at: string;
}
export interface NotesResponse {
  notes: Note[];
}

/**
 * Every action the audit log records, with what the console calls it in its filter and rows (issue 49).
 * The server's list, with what each detail holds, is AuditAction in apps/server/src/session/audit-log.ts;
 * a type check there keeps the two the same.
 */
export const AUDIT_ACTION_LABELS = {
  list: 'Viewed the list',
  'export-csv': 'Exported a CSV',
  'view-application': 'Viewed an application',
  'view-document': 'Viewed a document',
  'view-letter': 'Viewed a letter',
  'download-packet': 'Downloaded a packet',
  'create-print-token': 'Made a print link',
  'revoke-print-token': 'Withdrew a print link',
  'print-view': 'Opened a print link',
  'view-team': 'Viewed the team',
  'team-invite': 'Invited a member',
  'team-change': "Changed a member's roles",
  'team-remove': 'Removed a member',
  'view-stages': 'Viewed the stages',
  'stages-change': 'Changed the stages',
  'stage-move': 'Moved to a stage',
  'view-rubrics': 'Viewed the rubrics',
  'rubrics-change': 'Changed the rubrics',
  assign: 'Assigned a reviewer',
  'view-queue': 'Viewed the queue',
  'view-reviews': 'Viewed the reviews',
  'review-save': 'Saved a review',
  'review-submit': 'Submitted a review',
  'review-amend': 'Amended a review',
  'view-notes': 'Viewed the notes',
  'note-add': 'Added a note',
  'view-audit': 'Viewed the audit log',
  'retention-preview': 'Previewed the retention job',
  'request-item': 'Asked for an item',
  'withdraw-request': 'Withdrew a request',
  'receive-item': 'Marked an item received',
  'unreceive-item': 'Took back a receipt',
  'waive-item': 'Waived an item',
  'unwaive-item': 'Took back a waiver',
  'record-decision': 'Recorded a decision',
  'view-decisions': 'Viewed the decisions',
  'release-decision': 'Released a decision',
  'cancel-release': 'Cancelled a release',
  'view-report': 'Viewed a report',
  'view-payments': 'Viewed payments',
  'record-payment': 'Recorded a payment',
  'decide-fee-waiver': 'Decided a fee waiver',
  'refund-payment': 'Refunded a payment',
  'view-messages': 'Viewed messages',
  'message-save': 'Saved a message',
  'message-delete': 'Deleted a message',
  'message-test': 'Sent a test message',
  'message-send': 'Sent a message',
  'message-stop': 'Stopped a message',
  // Staff sign-in (issue 44): each sign-in and its failures, a fresh sign-in for a risky action, a sign-out (also
  // one the identity provider asked for), a second factor set up, an administrator's reset of one, and a member's
  // removal of one of their own passkeys.
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  reauth: 'Confirmed a sign-in',
  'sign-out': 'Signed out',
  'mfa-enrol': 'Set up a second factor',
  'mfa-reset': 'Reset a second factor',
  'mfa-remove': 'Removed a passkey',
  // Scheduled exports (issue 45): their runs read, and one run now.
  'view-exports': 'Viewed the exports',
  'export-run': 'Ran an export',
  // API tokens (issue 45): the list read, a token made or revoked, and each call made with one (by its name).
  'view-api-tokens': 'Viewed the API tokens',
  'api-token-create': 'Made an API token',
  'api-token-revoke': 'Revoked an API token',
  'api-call': 'Called the API',
  // Webhooks (issue 45): the endpoints or a delivery log read, an endpoint made or removed, a test, a resend.
  'view-webhooks': 'Viewed the webhooks',
  'webhook-create': 'Added a webhook',
  'webhook-delete': 'Removed a webhook',
  'webhook-test': 'Sent a test webhook',
  'webhook-resend': 'Sent a webhook again',
  denied: 'Denied',
} as const satisfies Record<string, string>;

export type AuditActionName = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditActionName, ...AuditActionName[]];

/**
 * GET /api/staff/audit?member=&application=&name=&action=&page=: the audit log, newest first (administrators).
 * Page views by one member of one application within one minute are one entry (count, first_at); the server
 * says what each entry did in words (summary).
 */
export interface AuditEntry {
  /** The newest row's id. */
  id: string;
  staff_email: string;
  /** The member's name (issue 49); null (or absent) until they have one: show the address then. */
  staff_name?: string | null;
  application_user_id: string | null;
  /** The applicant's name ('Ayşe Yılmaz'), when the application is in the office's index. */
  applicant_name: string | null;
  /** Whether the reader may open the application (it is indexed, and in their programs). */
  may_open: boolean;
  action: string;
  /** The newest row's detail. */
  detail: Record<string, unknown>;
  /** What was done, in words: 'recorded Wait-listed, no reasons', 'viewed the application 3 times'. */
  summary: string;
  /** How many rows the entry folds (1 for all but page views). */
  count: number;
  /** The oldest folded row's instant; created_at is the newest's. */
  first_at: string;
  created_at: string;
}
export interface AuditResponse {
  entries: AuditEntry[];
  /**
   * The newest row this answer read (null: none). Asked for again with the next pages, it keeps them stable:
   * rows written since (the reader's own views of the log among them) neither shift the pages nor join a fold.
   */
  upto: string | null;
  page: number;
  page_size: number;
  has_more: boolean;
}
