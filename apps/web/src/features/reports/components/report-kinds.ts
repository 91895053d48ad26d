import type { REPORT_KINDS, ReportKind, StaffRight } from '@admissions/domain';

/** Each report's name in the reports' navigation and its page's heading, and the right it needs beyond `reports`. */
export const REPORT_INFO: Record<ReportKind, { title: string; nav: string; needs?: StaffRight }> = {
  funnel: { title: 'Funnel', nav: 'Funnel' },
  pace: { title: 'This cycle against the last', nav: 'Pace' },
  timing: { title: 'Time to decision', nav: 'Timing' },
  yield: { title: 'Yield of offers', nav: 'Yield' },
  reviewers: { title: 'Reviewers', nav: 'Reviewers', needs: 'decide' },
  equality: { title: 'Equality', nav: 'Equality' },
};

/**
 * The reports in the navigation's order. Written out rather than imported: a value taken from the domain's
 * barrel would make its shared chunk, which the applicant's pages load, export one more name; `satisfies`
 * fails the typecheck if this list and the domain's REPORT_KINDS ever differ.
 */
export const KINDS = [
  'funnel',
  'pace',
  'timing',
  'yield',
  'reviewers',
  'equality',
] as const satisfies typeof REPORT_KINDS;

/** The report a path names; /staff/reports alone is the funnel. Undefined for an unknown name. */
export function reportKindOf(segment: string | undefined): ReportKind | undefined {
  if (segment === undefined) return 'funnel';
  return (KINDS as readonly string[]).includes(segment) ? (segment as ReportKind) : undefined;
}

/** The reports a member with these rights is offered (the reviewers' needs `decide`). */
export const offeredReports = (rights: readonly StaffRight[]) =>
  KINDS.filter((kind) => {
    const needs = REPORT_INFO[kind].needs;
    return needs === undefined || rights.includes(needs);
  });
