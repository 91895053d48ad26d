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

/** GET /api/staff/team: one member. */
export interface TeamMember {
  email: string;
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
  text: string;
  created_at: string;
}
export interface NotesResponse {
  notes: Note[];
}

/** GET /api/staff/audit?member=&application=&page=: the audit log, newest first (administrators). */
export interface AuditEntry {
  id: string;
  staff_email: string;
  application_user_id: string | null;
  action: string;
  detail: Record<string, unknown>;
  created_at: string;
}
export interface AuditResponse {
  entries: AuditEntry[];
  page: number;
  page_size: number;
  has_more: boolean;
}
