/**
 * The office's reports (issue 47): GET /api/staff/reports/{kind}, each filtered by cycle and program
 * (`?cycle=2026-27&program=MAE`; without them the open cycle and every program the member may see), each
 * answering JSON (below) or CSV (`Accept: text/csv` or `?format=csv`). Counts come from the server, already
 * limited to the member's programs and, in the equality report, with small cells suppressed. The equality report
 * is never drawn for one program (`?program=` is 400 REPORT_PROGRAM_NOT_ALLOWED) nor for a scope of fewer than
 * `min_cell` submitted applications (409 REPORT_SCOPE_TOO_SMALL).
 */
export const REPORT_KINDS = ['funnel', 'pace', 'timing', 'yield', 'reviewers', 'equality'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const reportPath = (kind: ReportKind) => `/api/staff/reports/${kind}`;

/** A cell of the equality report under the tenant's `reports.min_cell` (default) shows as "fewer than N". */
export const REPORT_MIN_CELL_DEFAULT = 5;

export interface ReportCycleRef {
  id: string;
  label: string;
}

export interface ReportProgramRef {
  code: string;
  label: string;
}

/** The filters a report was drawn with, as the server resolved them. */
export interface ReportFilters {
  cycle: ReportCycleRef;
  /** The program asked for, or null for every program the member may see. */
  program: string | null;
  /** The programs the report covers: the one asked for, or the member's (every program for most members). */
  programs: ReportProgramRef[];
  /** Every cycle that can be asked for, newest first: the open one and those before it. */
  cycles: ReportCycleRef[];
  /** Whether counts of decisions not yet released are included (the member has `decide`). */
  includes_unreleased: boolean;
}

export interface ReportBase<Row> {
  generated_at: string;
  filters: ReportFilters;
  rows: Row[];
}

// The funnel: each step's count and its share of the step before it (null for the first).
export const FUNNEL_STEPS = [
  'started',
  'submitted',
  'complete',
  'in_review',
  'decided',
  'released',
  'accepted',
  'declined',
  'withdrawn',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  started: 'Started',
  submitted: 'Submitted',
  complete: 'Complete',
  in_review: 'In review',
  decided: 'Decided',
  released: 'Released',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/**
 * One step of the funnel over the cycle's applications in the programs covered. Started: every application
 * with a program chosen; the others count applications that are submitted, complete (every checklist item
 * received or waived), read (at least one submitted review), decided (a decision recorded: without `decide`,
 * a released one only), released (a released decision), accepted or declined (the answer to the released
 * decision), withdrawn. Each step is counted on its own, so a step may hold some the step before does not
 * (a decision without a review).
 */
export interface FunnelRow {
  step: FunnelStep;
  label: string;
  count: number;
  /** count / the step before's count, to 4 decimals (above 1 when the step is not a subset of the one before); null for the first step or after a step of 0. */
  share: number | null;
}

export interface FunnelReport extends ReportBase<FunnelRow> {
  /** "Decided", by decision code (only released decisions without `decide`): every code of the tenant, in its order. */
  decided_by_code: { code: string; label: string; count: number }[];
}

// This cycle against the last: cumulative submissions by day of the cycle (days from its `opens`).
export interface PaceRow {
  day: number;
  /** The day's date in this cycle, YYYY-MM-DD in the institution's zone. */
  date: string;
  this_cycle: number | null;
  last_cycle: number | null;
}

/** A cycle of the pace report with the local date it opened (day 0). */
export interface PaceCycleRef extends ReportCycleRef {
  /** YYYY-MM-DD in the institution's zone. */
  opens: string;
  /** False when the history did not record when the cycle opened: then one year before the next cycle opened. */
  opens_recorded: boolean;
}

/**
 * Rows from day 0 (the day the cycle opened) to today (for a closed cycle, the day it closed): submissions up to
 * and including each day, this cycle's and the previous cycle's at the same number of days from its own opening.
 * A submission before the opening counts on day 0; for a closed cycle, one after its close on its last day.
 */
export interface PaceReport extends ReportBase<PaceRow> {
  cycle_opens: PaceCycleRef;
  previous_cycle: PaceCycleRef | null;
  /** The last row's numbers; difference is this_cycle − last_cycle. */
  today: { day: number; this_cycle: number; last_cycle: number | null; difference: number | null };
}

// Timing: days between steps, by program.
export const TIMING_STEPS = ['submitted_to_complete', 'complete_to_first_review', 'complete_to_release'] as const;
export type TimingStep = (typeof TIMING_STEPS)[number];

export const TIMING_STEP_LABELS: Record<TimingStep, string> = {
  submitted_to_complete: 'Submission to complete',
  complete_to_first_review: 'Complete to first review',
  complete_to_release: 'Complete to released decision',
};

/**
 * Days between two steps of the complete applications of one program (every program covered, three rows each).
 * Complete is when the last checklist item was received or waived (never before submission); the first review
 * is the first submitted review; the release is the first release of a decision (a decision changed after
 * release keeps the first). A review or release before completion counts as 0 days.
 */
export interface TimingRow {
  program: string;
  program_label: string;
  step: TimingStep;
  /** How many applications made the step. */
  count: number;
  /** Continuous percentiles, in days to 1 decimal; null when count is 0. */
  median_days: number | null;
  p90_days: number | null;
}

export type TimingReport = ReportBase<TimingRow>;

// Yield: what became of the offers, by program and term. An offer is an application's current released
// decision whose code the tenant marks `offer` (a decision changed after release counts as it now stands; one
// not yet released is no offer). Each offer is in exactly one of the five columns after `offers`.
export interface YieldRow {
  program: string;
  program_label: string;
  /** The entry term's id ('' when none was chosen). */
  term: string;
  term_label: string;
  offers: number;
  accepted: number;
  /** Declined by the applicant (not by default after the reply-by). */
  declined: number;
  /** Unanswered offers whose application was withdrawn before the reply-by: a withdrawal answers the offer. */
  withdrawn: number;
  /** Offers still open: released, unanswered, the reply-by not yet passed (or none set). */
  no_answer: number;
  /** Offers whose reply-by passed without an answer (declined by default, or about to be). */
  lapsed: number;
}

export type YieldReport = ReportBase<YieldRow>;

// Reviewers (administrators and deciders): the calibration view. Only submitted reviews count (a draft's
// score is provisional); numbers are rounded to two decimals; null where there is nothing to measure.
export interface ReviewerRow {
  /** The reviewer's address. */
  reviewer: string;
  /** The reviewer's name (issue 49); null (or absent) until they have one: show the address then. */
  reviewer_name?: string | null;
  /** Assignments on the applications the report covers. */
  assigned: number;
  /** Submitted reviews of those applications. */
  submitted: number;
  /** Median days from assignment to (first) submission. */
  median_days_to_review: number | null;
  /** Mean of the reviewer's overall scores. */
  mean_score: number | null;
  /** Standard deviation of the reviewer's overall scores (population: 0 for a single score). */
  score_spread: number | null;
  /**
   * Mean of (this reviewer's score − the other reviewers' mean) on the applications they share, one term an
   * application; null when no application they scored was scored by another.
   */
  mean_difference: number | null;
}

export type ReviewersReport = ReportBase<ReviewerRow>;

// Equality: applied, offered, accepted by each demographic answer; small cells suppressed on the server.
export interface EqualityCell {
  /**
   * Null when suppressed: fewer than `min_cell` but not zero, or a larger cell of the same question and column
   * hidden with it so the small one cannot be worked out from the exact total (complementary suppression), or a
   * zero of a column whose non-zero cells could otherwise be worked out (a column whose total is under `min_cell`).
   */
  count: number | null;
  /** Share of the column's total, 0 to 1 (four decimals); null when suppressed or the total is 0. */
  share: number | null;
  suppressed: boolean;
}

/**
 * One answer of one question, counted over applications (a person with two applications counts twice).
 * Rows of a question add up to the totals: every option of a short list in the form's order (a long list,
 * citizenship's countries, only those chosen), then "not answered"; a race box has "Selected" and "Not selected".
 */
export interface EqualityRow {
  /** The answer key (`gender`, `ethnicity`, `race_*`, `citizenship`). */
  question: string;
  question_label: string;
  /** The answer's value; '' for "not answered" (for a race box, "not selected"). */
  answer: string;
  answer_label: string;
  applied: EqualityCell;
  offered: EqualityCell;
  accepted: EqualityCell;
}

/**
 * Drawn for every program the member may see, never one (400 REPORT_PROGRAM_NOT_ALLOWED), and refused for 1 to
 * `min_cell` − 1 submitted applications (409 REPORT_SCOPE_TOO_SMALL): so no one's answer can be told from it.
 */
export interface EqualityReport extends ReportBase<EqualityRow> {
  min_cell: number;
  /** Exact totals of each column, whatever was suppressed. */
  totals: { applied: number; offered: number; accepted: number };
}

export type ReportOf<K extends ReportKind> = {
  funnel: FunnelReport;
  pace: PaceReport;
  timing: TimingReport;
  yield: YieldReport;
  reviewers: ReviewersReport;
  equality: EqualityReport;
}[K];
