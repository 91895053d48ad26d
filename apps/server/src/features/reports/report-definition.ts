import type { ReportKind, ReportOf, StaffRight } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';

/** What a report is drawn for, as the server resolved and checked it (report-filters.ts). */
export interface ResolvedFilters {
  cycleId: string;
  /** The program asked for, or null for all the report covers. */
  program: string | null;
  /** The program codes the report covers: the one asked for, or every one of the cycle the member may see. */
  programs: readonly string[];
  /** The member has `decide`: counts of decisions not yet released may be shown. Without it, released only. */
  includesUnreleased: boolean;
}

export interface ReportContext {
  /** db: the report's own transaction (reports-routes.ts), so its statements share its SET LOCAL settings. */
  deps: Pick<AppDeps, 'clock' | 'config'> & { db: Queryable };
  form: FormContext;
  filters: ResolvedFilters;
  now: Date;
}

/** One CSV: its header, then its lines, in the report's words (the JSON's rows, flattened). */
export interface ReportCsv {
  header: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

/**
 * One report (issue 47): how it is drawn from the database for the filters, and how its answer reads as CSV.
 * Drawn only after the filters are checked against the member's programs, so `draw` reads only what they cover.
 */
export interface ReportDefinition<K extends ReportKind> {
  kind: K;
  /** A right needed beyond `reports` (the reviewers' report: `decide`). */
  right?: StaffRight;
  /**
   * False: the report is never drawn for one program (`?program=` is 400 REPORT_PROGRAM_NOT_ALLOWED), only for
   * every program the member may see. The equality report: by program, a small count could be worked out by
   * subtracting one program's report from the whole's.
   */
  byProgram?: false;
  draw(c: ReportContext): Promise<Omit<ReportOf<K>, 'generated_at' | 'filters'>>;
  csv(report: ReportOf<K>): ReportCsv;
}
