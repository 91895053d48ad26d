import type { CycleRef } from './cycles';

/**
 * Several applications per account (issue 42, decision 062). An account holds
 * up to the tenant's `max_applications_per_cycle` applications in the open
 * cycle, one per program. Every form call (SPEC's /api/profile, answers,
 * documents, recommenders, submit, PDF copy, status) acts on the application
 * the browser session has open: the current one.
 */
export const APPLICATIONS_PATH = '/api/applications';
export const CURRENT_APPLICATION_PATH = '/api/applications/current';

/**
 * The application a form call was loaded for. The server sends it on every
 * applicant response; the web app sends it back on every form call, and a call
 * naming an application that is no longer the session's current one answers
 * 409 APPLICATION_CHANGED (two tabs on two applications never write into each
 * other). A call without it acts on the current application.
 */
export const APPLICATION_ID_HEADER = 'x-application-id';

/** Where an application stands, as the applicant's list shows it (nothing provisional is in it). */
export type ApplicationListState =
  /** Not submitted, in the open cycle. */
  | 'in_progress'
  /** Never submitted, and its cycle has closed. */
  | 'closed'
  /** Submitted, no decision released. */
  | 'submitted'
  /** A released decision not answered (or not an offer). */
  | 'decided'
  | 'accepted'
  | 'declined'
  | 'withdrawn';

export interface ApplicationSummary {
  id: string;
  cycle: CycleRef;
  /** The applied_major answer; null before it is chosen. */
  program: string | null;
  /** The program's label in the words of the application's own cycle. */
  program_label: string | null;
  /** The entry_term answer. */
  term: string | null;
  term_label: string | null;
  state: ApplicationListState;
  submitted_at: string | null;
  decision_released: boolean;
  /** The released decision is an offer (it can be accepted or declined). */
  decision_offer: boolean;
  /** The one this browser session has open. */
  current: boolean;
}

/** GET /api/applications: this cycle's applications and past cycles', this cycle's first, oldest first. */
export interface ApplicationsResponse {
  applications: ApplicationSummary[];
  open_cycle: CycleRef;
  /** The tenant's limit for one account in one cycle. */
  limit: number;
  /** Whether another application can be started now (under the limit, in the open cycle). */
  can_start: boolean;
}

export const withdrawApplicationPath = (id: string) => `${APPLICATIONS_PATH}/${encodeURIComponent(id)}/withdraw`;

/**
 * The query parameter a plain link (a PDF, a document file) names its application by, where a link cannot
 * send APPLICATION_ID_HEADER: a stale one answers 409 APPLICATION_CHANGED as the header does.
 */
export const APPLICATION_ID_PARAM = 'application';

/** POST /api/applications/{id}/withdraw: another application withdrawn, without opening it. */
export interface WithdrawApplicationResponse {
  message: string;
  application: ApplicationSummary;
}

/** POST /api/applications (201) and PUT /api/applications/current: the application now current. */
export interface CurrentApplicationResponse {
  application: ApplicationSummary;
}
