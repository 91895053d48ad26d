/** GET /api/staff/retention/preview: what the next retention run would delete (right manage_team). */

export type RetentionRule = 'unsubmitted' | 'closed_cycle';

export interface RetentionPreviewApplication {
  user_id: string;
  email: string;
  name: string;
  /** The program code ('' when not chosen yet). */
  program: string;
  cycle_id: string | null;
  submitted_at: string | null;
  last_activity_at: string;
}

export interface RetentionPreviewRule {
  rule: RetentionRule;
  /** The configured period (RETENTION_UNSUBMITTED_MONTHS or RETENTION_CLOSED_CYCLE_MONTHS). */
  months: number;
  /** Every application the next run would delete under this rule. */
  count: number;
  /** Those of them in the caller's programs. */
  applications: RetentionPreviewApplication[];
  /** Counted but not listed: outside the caller's programs. */
  not_shown: number;
}

export interface RetentionPreviewResponse {
  /** The instant the dry run was made for, and the institution's zone to show it in. */
  as_of: string;
  time_zone: string;
  rules: RetentionPreviewRule[];
  /** Unsubmitted applications whose owners the next run would warn (30 days before deletion). */
  warnings_due: number;
  /** Applications of a closed cycle kept because the applicant accepted an offer. */
  kept_for_accepted_offer: number;
}
