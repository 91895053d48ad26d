import type { KeptBasis } from '../programs/kept-basis';
import type { Answers, DocumentAnswer } from './profile';
import type { StaffRecommendation } from './recommendations';
import type { DecisionState } from './decisions';
import type { FeeState } from './payments';
import type { StaffAccessSummary } from './staff-roles';
import type { StaffChecklistItem } from './status';

/**
 * The admissions office's calls (docs/decisions/011-staff-console.md): the
 * console under /api/staff (a staff session) and the print data under
 * /service (a service token, SPEC sections 6 and 7).
 */

export const STAFF_LIST_PAGE_SIZE = 50;
/** Counting stops here: "10,000+" is as useful to a reader as the exact figure, and much cheaper. */
export const STAFF_LIST_COUNT_CAP = 10_000;
/** A print link works this long after the console made it. */
export const SERVICE_TOKEN_TTL_MINUTES = 30;

export const STAFF_LIST_SORTS = [
  'name',
  'email',
  'program',
  'entry_term',
  'web_status',
  'last_change',
  'submitted_at',
  'missing_count',
  'stage',
  'overall_score',
  'review_count',
] as const;
export type StaffListSort = (typeof STAFF_LIST_SORTS)[number];

/** The list's cycle filter value that shows every cycle; without a filter the list shows the current one. */
export const ALL_CYCLES = 'all';

export const STAFF_WEB_STATUSES = ['none', 'started', 'validating', 'submitted'] as const;

export interface StaffListRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string;
  /** Program code and its label ('' when not chosen yet). */
  program: string;
  program_label: string;
  entry_term: string;
  entry_term_label: string;
  web_status: (typeof STAFF_WEB_STATUSES)[number];
  /** ISO timestamps. */
  last_change: string;
  submitted_at: string | null;
  /** Submitted in the program's grace window, after its deadline (issue 29). */
  late: boolean;
  /** The admission cycle the application was started in (tenant file's cycle.id). */
  cycle_id: string;
  /**
   * Before submission, the lines of the applicant's validation summary right now; once submitted, the checklist's
   * items neither received nor waived (a letter not received, an item the office asked for): issue 49.
   */
  missing_count: number;
  /** The stage id (GET /api/staff/stages) and since when (ISO); null until submitted. */
  stage: string | null;
  stage_label: string | null;
  stage_entered_at: string | null;
  /** Whole days in the current stage, by the server's clock; null without a stage. */
  days_in_stage: number | null;
  /** The average of the submitted reviews' overall scores; null without one. */
  overall_score: number | null;
  /** Submitted reviews. */
  review_count: number;
  /** Submitted, and every checklist item received or waived (docs/decisions/043-checklist-derived-from-the-form.md). */
  complete: boolean;
  /**
   * Letters of recommendation: the current requests (a declined or lapsed one left out, as the checklist asks
   * for those again) and how many of them were received ("1 of 2").
   */
  letters_requested: number;
  letters_received: number;
  /** The current decision's code and label ('' when none), and where it stands (null when none). */
  decision: string;
  decision_label: string;
  decision_state: DecisionState | null;
  /**
   * The application fee and the enrollment deposit as they stand (issue 43): `overdue` by the server's clock once
   * the grace after submission (fee) or the due days after acceptance (deposit) have passed unpaid. null: no such
   * fee (none configured or for the program, not submitted yet, no accepted offer).
   */
  fee: FeeState | null;
  deposit: FeeState | null;
  /**
   * How many applications the same person holds in this row's cycle, this one included (issue 42: one account
   * applies to several programs). Counted over every program, also those the member may not see.
   */
  applications_by_person: number;
}

export interface StaffListResponse {
  rows: StaffListRow[];
  page: number;
  page_size: number;
  /** Matching applications, counted up to STAFF_LIST_COUNT_CAP. */
  total: number;
  total_capped: boolean;
}

export interface StaffMeResponse extends StaffAccessSummary {
  username: string;
  /** The member's own name (issue 49); null until an administrator gives one. */
  name: string | null;
}

export interface StaffApplicationDocument {
  answer_key: string;
  label: string;
  file_name: string;
  file_size: number;
  /** The converted PDF, for a staff session. */
  url: string;
}

/**
 * Where another application of the same person stands, as the office may tell it: never a provisional or
 * scheduled decision, only one released to the applicant (released, viewed, accepted, declined).
 */
export const OTHER_APPLICATION_STATES = [
  'in-progress',
  'submitted',
  'released',
  'viewed',
  'accepted',
  'declined',
  'withdrawn',
] as const;
export type OtherApplicationState = (typeof OTHER_APPLICATION_STATES)[number];

/**
 * One of the person's other applications (any cycle) on an application's office page (issue 42). For an
 * application to a program the member may not see, every field is null and `link` false: the member learns
 * only that it exists.
 */
export interface StaffOtherApplication {
  /** Its id (its owner's user id, as StaffListRow.user_id); null where the member may not see its program. */
  user_id: string | null;
  /** Program code and label (the label it kept once submitted); '' when not chosen yet. */
  program: string | null;
  program_label: string | null;
  /** The admission cycle it belongs to, and that cycle's label (the tenant's for the open cycle, else its id). */
  cycle_id: string | null;
  cycle_label: string | null;
  state: OtherApplicationState | null;
  /** Whether the member may open its office page (/staff/applications/{user_id}). */
  link: boolean;
}

export interface StaffApplicationDetail extends Omit<
  StaffListRow,
  'missing_count' | 'letters_requested' | 'letters_received'
> {
  status_history: { web_status: string; at: string }[];
  /** The applicant's validation summary, for an application not yet submitted. */
  missing_items: { key: string; message: string; page: string | null }[];
  documents: StaffApplicationDocument[];
  /** Letters of recommendation, requested and received (the packet includes the letters). */
  recommendations: StaffRecommendation[];
  /** The applicant's answer to counselor_waiver_request: true waived, false not, null not answered. */
  waived_letter_access: boolean | null;
  packet_url: string;
  /** The checklist as the office sees it: the applicant's items with who asked for or waived them. */
  checklist: StaffChecklistItem[];
  /** The same person's other applications, of any cycle: those the member may open first, newest cycle first. */
  other_applications: StaffOtherApplication[];
  /** The campus systems' IDs written back through the API (issue 45): system name to ID, e.g. {banner: "A00123"}. */
  external_ids: Record<string, string>;
}

export interface ServiceTokenCreated {
  id: string;
  token: string;
  /** The print view of this application: '/?service_token=…'. */
  print_url: string;
  expires_at: string;
}

/** GET /service/tmp-pdf (SPEC section 3, service print data). */
export interface ServicePrintData {
  /** The answers without the equality answers (equalityAnswerKeys): never for reading one application (issue 47). */
  answer: Answers;
  add_another: Record<string, number>;
  document_answer: Record<string, DocumentAnswer>;
  tabs: Record<string, string>;
  /** A submitted application's program and term as it kept them (issue 41). */
  kept_basis?: KeptBasis;
}
