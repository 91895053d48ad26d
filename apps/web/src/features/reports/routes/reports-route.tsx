import type { ReportFilters as Resolved, ReportKind, ReportOf } from '@admissions/domain';
import { useState, type ComponentType } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { CallError } from '../../staff/components/error-text';
import { useStaffAccess } from '../../staff/components/staff-access';
import { StaffGate } from '../../staff/components/staff-gate';
import staffStyles from '../../staff/components/staff.module.css';
import { reportCsvUrl, useProgramChoices, useReport, type ReportQuery } from '../api/reports-api';
import { EQUALITY_PROGRAM_NOTE, EqualityView } from '../components/equality-report';
import { FunnelView } from '../components/funnel-report';
import { PaceView } from '../components/pace-report';
import { ReportFilters } from '../components/report-filters';
import { offeredReports, REPORT_INFO, reportKindOf } from '../components/report-kinds';
import type { ReportViewProps } from '../components/report-section';
import { ReviewersView } from '../components/reviewers-report';
import { TimingView } from '../components/timing-report';
import { YieldView } from '../components/yield-report';
import navStyles from '../../staff/components/console-nav.module.css';
import styles from '../reports.module.css';

/**
 * The office's reports (issue 47): /staff/reports (the funnel) and /staff/reports/{kind}, each for the cycle
 * and program of `?cycle=&program=`. Members with the `reports` right; the reviewers' report also needs `decide`.
 * The equality report is never drawn for one program (the server refuses `?program=`): it has no program
 * select, and the reports' navigation leads to it without the program.
 */
export function ReportsRoute() {
  return (
    <StaffGate right="reports">
      <ReportsPage />
    </StaffGate>
  );
}

const VIEWS: { [K in ReportKind]: ComponentType<ReportViewProps<ReportOf<K>>> } = {
  funnel: FunnelView,
  pace: PaceView,
  timing: TimingView,
  yield: YieldView,
  reviewers: ReviewersView,
  equality: EqualityView,
};

/** The reports not drawn by program, with the note shown in place of the program select. */
const NOT_BY_PROGRAM: Partial<Record<ReportKind, string>> = { equality: EQUALITY_PROGRAM_NOTE };

function queryOf(params: URLSearchParams): ReportQuery {
  return { cycle: params.get('cycle') || undefined, program: params.get('program') || undefined };
}

function searchOf(query: ReportQuery): string {
  const params = new URLSearchParams();
  if (query.cycle) params.set('cycle', query.cycle);
  if (query.program) params.set('program', query.program);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function ReportsPage() {
  const kind = reportKindOf(useParams().kind);
  const [params] = useSearchParams();
  const me = useStaffAccess();
  const offered = offeredReports(me.rights);
  const query = queryOf(params);
  const searchFor = (k: ReportKind) => searchOf(NOT_BY_PROGRAM[k] === undefined ? query : { cycle: query.cycle });
  usePageTitle(kind ? `${REPORT_INFO[kind].title} - Reports` : 'Reports');
  return (
    <div className={staffStyles.page}>
      <h1 className={staffStyles.title}>Reports</h1>
      <nav aria-label="Reports">
        {/* Laid out as the console's own navigation. */}
        <ul className={navStyles.links}>
          {offered.map((k) => (
            <li key={k}>
              <Link
                to={`/staff/reports/${k}${searchFor(k)}`}
                className={styles.reportLink}
                aria-current={k === kind ? 'page' : undefined}
              >
                {REPORT_INFO[k].nav}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {kind === undefined ? (
        <p>There is no such report. Choose one of the reports above.</p>
      ) : !offered.includes(kind) ? (
        <p>This report is for members who decide on applications.</p>
      ) : (
        <Report key={kind} kind={kind} />
      )}
    </div>
  );
}

function Report<K extends ReportKind>({ kind }: { kind: K }) {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const programNote = NOT_BY_PROGRAM[kind];
  const report = useReport(kind, query);
  const choices = useProgramChoices(kind, query.cycle, programNote === undefined && query.program !== undefined);
  const time = useZonedTime();
  const title = REPORT_INFO[kind].title;
  // The filters of the last answer drawn: a refusal (a cycle too small for the equality report) keeps them on
  // screen above its message, so the select just changed keeps the keyboard's focus.
  const [lastFilters, setLastFilters] = useState<Resolved>();
  const data = report.data;
  if (data && data.filters !== lastFilters) setLastFilters(data.filters);
  const filters = data?.filters ?? lastFilters;

  const View = VIEWS[kind] as ComponentType<ReportViewProps<ReportOf<K>>>;
  const programs = (query.program !== undefined && choices.data) || filters?.programs || [];
  return (
    <>
      {filters && (
        <ReportFilters
          filters={filters}
          query={query}
          programs={programs}
          programNote={programNote}
          onChange={(next) =>
            setParams(new URLSearchParams(searchOf(programNote === undefined ? next : { cycle: next.cycle })))
          }
        />
      )}
      {report.isError ? (
        <>
          <CallError error={report.error} />
          <p>
            <Link to={`/staff/reports/${kind}`}>Show this report for the open cycle and all programs</Link>
          </p>
        </>
      ) : !data ? (
        <PageLoading />
      ) : (
        <>
          <p role="status" className="visually-hidden">
            {report.isPlaceholderData
              ? `Loading the ${title.toLowerCase()} report for your choice…`
              : `Showing the ${title.toLowerCase()} report for ${data.filters.cycle.label}, ${
                  data.filters.program === null
                    ? 'every program'
                    : (data.filters.programs[0]?.label ?? data.filters.program)
                }.`}
          </p>
          <View report={data} title={title} csvUrl={reportCsvUrl(kind, query)} generatedAt={time(data.generated_at)} />
        </>
      )}
    </>
  );
}
