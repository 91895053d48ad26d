import type { DecisionResponse } from './decisions';

/**
 * Admission cycles seen by the applicant (issue 29, decision 052). When the
 * cycle an application belongs to has closed, the application is read-only
 * until the applicant starts one for the open cycle; the closed one stays
 * readable as a past application.
 */
export interface CycleRef {
  id: string;
  /** The tenant's label for the open cycle; a past cycle the tenant file no longer names shows its id. */
  label: string;
}

/** A past application's released decision, as its list shows it (listing it does not mark it viewed). */
export interface PastDecision {
  label: string;
  /** An offer: it can still be answered until its reply-by instant (in the tenant's time zone when shown). */
  offer: { reply_by: string | null; response: DecisionResponse | null; can_respond: boolean } | null;
}

export interface PastApplication {
  cycle: CycleRef;
  submitted_at: string | null;
  /** The released decision, if any; a provisional one is never shown. */
  decision: PastDecision | null;
  /** The PDF copy of that application as it stands. */
  pdf_url: string;
}

/** GET /api/application/cycle */
export interface ApplicationCycleResponse {
  open_cycle: CycleRef;
  /**
   * The live application when it belongs to a closed cycle: read-only, and the applicant may start a new one
   * (with its answers carried over when it was never submitted). Null when it is in the open cycle or absent.
   */
  closed: { cycle: CycleRef; submitted: boolean; submitted_at: string | null } | null;
  /** Applications of closed cycles that a new application has replaced, newest first. */
  past: PastApplication[];
}

/** POST /api/application/new-cycle */
export interface NewCycleResponse {
  cycle: CycleRef;
  /** The answers carried into the new application (empty unless asked for). */
  carried: string[];
  /**
   * Answers of the old application that the open cycle's form does not take (an unknown program, term or
   * question), with the words its own cycle showed for a choice ('Fall 2027' for '2027FA').
   */
  dropped: { key: string; value: string; value_label: string }[];
}

export const pastApplicationPdfPath = (cycleId: string) => `/api/past-applications/${encodeURIComponent(cycleId)}/pdf`;

export const APPLICATION_CYCLE_PATH = '/api/application/cycle';
export const NEW_CYCLE_PATH = '/api/application/new-cycle';
export const pastDecisionResponsePath = (cycleId: string) =>
  `/api/past-applications/${encodeURIComponent(cycleId)}/decision/response`;
