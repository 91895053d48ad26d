import type { WebStatus } from '../application/web-status';
import type { KeptBasis } from '../programs/kept-basis';

/** A student's answers: field key to value; '' means unanswered (SPEC section 3). */
export type Answers = Record<string, string>;

export interface DocumentAnswer {
  file_name: string;
  file_size: number;
}

/** GET /api/profile (SPEC section 3). */
export interface ProfileResponse {
  answer: Answers;
  document_answer: Record<string, DocumentAnswer>;
  username: string;
  last_page: string | null;
  /** One entry per successful login, oldest first (ISO timestamps). */
  successful_login: string[];
  web_status: { web_status: WebStatus }[];
  /** True for the admissions office's staff, whom the web app sends to the console (/staff) instead of a form. */
  is_staff?: boolean;
  /** A submitted application's program and term as it kept them (issue 41): its form is read with them. */
  kept_basis?: KeptBasis;
}
