/**
 * Decisions (issue #32, docs/decisions/048 and 049): recorded by the office as
 * provisional, released now or at an instant, answered by the applicant.
 * Codes, labels, letters and deny reasons are the tenant's configuration
 * (TenantDecisions); nothing here names a code.
 */

/** How long an applicant has to answer an offer when the tenant does not say. */
export const DEFAULT_REPLY_DAYS = 14;
/** A release is carried out in transactions of at most this many applications. */
export const DECISION_RELEASE_BATCH_SIZE = 1000;
/** At most this many applications in one release call. */
export const DECISION_RELEASE_MAX_APPLICATIONS = 20_000;
/** Decisions recorded, or releases cancelled, for at most this many selected applications in one call. */
export const DECISION_BATCH_MAX_APPLICATIONS = 500;
export const DECISION_CONDITION_MAX_LENGTH = 500;
export const DECISION_DETAILS_MAX_LENGTH = 1000;
export const WITHDRAW_REASON_MAX_LENGTH = 1000;

/** Where a decision stands, as the office sees it (the list's column and filter). */
export const DECISION_STATES = [
  'provisional',
  'scheduled',
  'released',
  'viewed',
  'accepted',
  'declined',
  'withdrawn',
] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export const DECISION_RESPONSES = ['accept', 'decline'] as const;
export type DecisionResponse = (typeof DECISION_RESPONSES)[number];

export interface DecisionReasonChoice {
  id: string;
  details?: string;
}

/** PUT /api/staff/applications/{id}/decision */
export interface RecordDecisionBody {
  code: string;
  reasons?: DecisionReasonChoice[];
  conditions?: string[];
  /** ISO 8601 with an offset; for an offer, defaults to reply_days after release. */
  reply_by?: string;
}

/** A reason as the applicant reads it. */
export interface DecisionReasonShown {
  id: string;
  label: string;
  details: string;
}

/** One recorded decision in an application's history (GET …/decisions). */
export interface DecisionRecord {
  id: string;
  code: string;
  label: string;
  reasons: DecisionReasonShown[];
  conditions: string[];
  reply_by: string | null;
  /** provisional (the current draft), replaced (a draft a later one replaced), released, superseded. */
  status: 'provisional' | 'replaced' | 'released' | 'superseded';
  decided_by: string;
  /** The decider's name (issue 49); null (or absent) until they have one: show the address then. */
  decided_by_name?: string | null;
  decided_at: string;
  scheduled_release: { release_id: string; at: string } | null;
  released_at: string | null;
  released_by: string | null;
  /** The releaser's name (issue 49), likewise. */
  released_by_name?: string | null;
  viewed_at: string | null;
  response: DecisionResponse | null;
  response_at: string | null;
  /** True when the offer was declined by default after reply_by. */
  response_by_default: boolean;
}

/** GET /api/staff/applications/{id}/decisions */
export interface DecisionHistoryResponse {
  state: DecisionState | null;
  /** The decision the applicant would see next (the provisional one, else the released one). */
  current: DecisionRecord | null;
  /** The current decision's letter exactly as the applicant sees it. */
  letter_html: string | null;
  withdrawn: { at: string; reason: string } | null;
  /** Newest first. */
  history: DecisionRecord[];
}

/** GET /api/staff/decision-codes: what the decision form offers (the tenant's, never sent to applicants). */
export interface DecisionCodesResponse {
  codes: { code: string; label: string; offer: boolean; conditions: boolean; reasons: boolean }[];
  deny_reasons: { id: string; label: string; details: 'none' | 'optional' | 'required' }[];
  reply_days: number;
  time_zone: string;
}

/** POST /api/staff/decisions/release */
export interface ReleaseDecisionsBody {
  application_ids: string[];
  /** ISO 8601 with an offset; now when absent. */
  at?: string;
  dry_run?: boolean;
}

export interface ReleaseDecisionsResponse {
  /** Null for a dry run. */
  release_id: string | null;
  /** How many decisions this release releases (or would). */
  count: number;
  at: string;
  dry_run: boolean;
  /** For a dry run: what would be released. */
  applications?: { user_id: string; code: string; label: string }[];
  message: string;
}

/** What the applicant reads once the decision is released (GET /api/status). */
export interface ApplicantDecision {
  code: string;
  label: string;
  /** Escaped HTML made from the tenant's letter template: paragraphs and a list of conditions. */
  letter_html: string;
  reasons: DecisionReasonShown[];
  conditions: string[];
  released_at: string;
  /** Only for an offer: the instant the answer is due. */
  reply_by: string | null;
  /** The institution's time zone, in which reply_by is shown first. */
  time_zone: string;
  response: DecisionResponse | null;
  response_at: string | null;
  response_by_default: boolean;
  /** Whether Accept and Decline are offered now. */
  can_respond: boolean;
  letter_pdf_url: string;
}

/** GET /api/status: the submitted applicant's status page (#30 adds its checklist). */
export interface ApplicantStatusResponse {
  submitted_at: string | null;
  withdrawn_at: string | null;
  decision: ApplicantDecision | null;
}

export const APPLICANT_STATUS_PATH = '/api/status';
export const DECISION_RESPONSE_PATH = '/api/decision/response';
export const DECISION_LETTER_PDF_PATH = '/api/decision/letter.pdf';
export const WITHDRAW_PATH = '/api/withdraw';

/** POST /api/decision/response */
export interface DecisionResponseBody {
  response: DecisionResponse;
}

/** POST /api/withdraw */
export interface WithdrawBody {
  reason?: string;
}

export const DECISION_MESSAGES = {
  recorded: 'The decision is recorded. It stays provisional until it is released.',
  released: (n: number) => `${n} ${n === 1 ? 'decision was' : 'decisions were'} released.`,
  scheduled: (n: number) => `${n} ${n === 1 ? 'decision is' : 'decisions are'} scheduled for release.`,
  dryRun: (n: number) => `${n} ${n === 1 ? 'decision would be' : 'decisions would be'} released.`,
  cancelled: 'The scheduled release was cancelled. The decisions stay provisional.',
  recordedMany: (n: number) =>
    `${n} ${n === 1 ? 'decision is' : 'decisions are'} recorded. They stay provisional until they are released.`,
  cancelledMany: (n: number) =>
    n === 1
      ? '1 application was taken out of a scheduled release. Its decision stays provisional.'
      : `${n} applications were taken out of a scheduled release. Their decisions stay provisional.`,
  accepted: 'Thank you. You accepted the offer; we sent you a confirmation by e-mail.',
  declined: 'You declined the offer; we sent you a confirmation by e-mail.',
  withdrawn: 'Your application was withdrawn; we sent you a confirmation by e-mail.',
  underReview: 'Your application is under review',
} as const;
