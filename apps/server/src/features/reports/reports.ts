import type { ReportKind } from '@admissions/domain';
import { equalityReport } from './equality-report';
import { funnelReport } from './funnel-report';
import { paceReport } from './pace-report';
import type { ReportDefinition } from './report-definition';
import { reviewersReport } from './reviewers-report';
import { timingReport } from './timing-report';
import { yieldReport } from './yield-report';

/** Every report (issue 47), by kind: the routes, the role matrix and the web's list walk this. */
export const REPORTS: { [K in ReportKind]: ReportDefinition<K> } = {
  funnel: funnelReport,
  pace: paceReport,
  timing: timingReport,
  yield: yieldReport,
  reviewers: reviewersReport,
  equality: equalityReport,
};
