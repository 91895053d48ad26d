import type { ApplicantStatusResponse } from './decisions';
/**
 * The applicant's status after (and before) submission: GET /api/status
 * (docs/decisions/043-checklist-derived-from-the-form.md). The decisions issue fills `decision`.
 */
export const STATUS_PATH = '/api/status';
export const STATUS_REMINDERS_PATH = '/api/status/reminders';
export const REMINDERS_UNSUBSCRIBE_PATH = '/public/reminders/unsubscribe';

export const CHECKLIST_STATES = [
  'missing',
  'received',
  'awaiting_recommender',
  'opened',
  'address_problem',
  'requested',
  'waived',
  // A document the applicant will have sent (a transcript by the school, "I will send it later"): issue 41.
  'awaiting',
] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

/**
 * What an item stands for: a page's required answers, a document, a letter, or a fee (the application fee after
 * submission, the enrollment deposit once an offer is accepted: issue 43).
 */
export type ChecklistKind = 'answers' | 'document' | 'letter' | 'fee';

export interface ChecklistItem {
  /** 'answers:about', a document's answer key ('college_transcript_upload'), 'letter:recommender_', 'application_fee'. */
  key: string;
  label: string;
  state: ChecklistState;
  /** When the item last changed state (ISO), null when nothing happened yet. */
  updated_at: string | null;
  /** What the applicant should know or do (the office's request, a recommender's address problem). */
  message?: string;
  kind: ChecklistKind;
  /** The page (and field) where the applicant acts on the item, when there is one. */
  href?: string;
  /** An address problem's letter: the address the mail could not reach. */
  email?: string;
}

/** GET /api/status: the decision part (ApplicantStatusResponse, decisions.ts) and the checklist. */
export interface StatusResponse extends ApplicantStatusResponse {
  /** Every item received or waived. */
  complete: boolean;
  checklist: ChecklistItem[];
  /** Whether the deadline reminders are on (the applicant may turn them off by the e-mail's link, and on here). */
  reminders: boolean;
  /** The deadline, in words in the institution's zone, when one is set. */
  deadline: string | null;
}

/** What the office sees of an item beside the applicant's view: who asked for or waived it, and why. */
export interface StaffChecklistItem extends ChecklistItem {
  /** The waiver's reason, for the office only. */
  waiver_reason?: string;
  /** Who waived the item (an address), and their name (issue 49; null until they have one). */
  waived_by?: string;
  waived_by_name?: string | null;
  /** An office request (open or answered); `requested_by_name`: the member's name (issue 49), null without one. */
  request?: {
    message: string;
    requested_at: string;
    answered_at: string | null;
    requested_by: string;
    requested_by_name?: string | null;
  };
  /** An earlier document kept when a requested one replaced it. */
  earlier_documents?: { file_name: string; replaced_at: string }[];
  /**
   * Marked received by the office (a paper transcript), with its note: for the office only. `received_by_name`:
   * the member's name (issue 49), null without one.
   */
  receipt?: { note: string; received_by: string; received_by_name?: string | null; received_at: string };
}

export const checklistReceiptsPath = (userId: string) => `/api/staff/applications/${userId}/receipts`;

export const isChecklistComplete = (items: readonly Pick<ChecklistItem, 'state'>[]): boolean =>
  items.every((i) => i.state === 'received' || i.state === 'waived');

export const checklistRequestsPath = (userId: string) => `/api/staff/applications/${userId}/requests`;
export const checklistWaiversPath = (userId: string) => `/api/staff/applications/${userId}/waivers`;
export const recommenderAddressPath = (prefix: string) => `/api/recommendations/${prefix}/address`;
