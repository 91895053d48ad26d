import type { ReportKind, ReportOf, reportPath } from '@admissions/domain';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showErrorInPage } from '../../staff/api/staff-query';

/**
 * The office's reports (issue 47): GET /api/staff/reports/{kind}?cycle=&program=, as JSON for the page or as
 * CSV (`format=csv`) for the download link. Without a cycle or program the server answers for the open cycle
 * and every program the member may see, and says which it used in the answer's `filters`.
 */
export interface ReportQuery {
  cycle?: string;
  program?: string;
}

export const REPORTS_KEY = ['staff', 'reports'] as const;

function queryString(query: ReportQuery, format?: 'csv'): string {
  const params = new URLSearchParams();
  if (query.cycle) params.set('cycle', query.cycle);
  if (query.program) params.set('program', query.program);
  if (format) params.set('format', format);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The domain's `reportPath`, written out: taking the value from the domain's barrel would make the chunk the
 * applicant's pages share export one more name. Its type is checked against the domain's.
 */
const pathOf: typeof reportPath = (kind) => `/api/staff/reports/${kind}`;

export const reportUrl = (kind: ReportKind, query: ReportQuery) => `${pathOf(kind)}${queryString(query)}`;

/** The same report as a CSV file (the server neutralises formulas). */
export const reportCsvUrl = (kind: ReportKind, query: ReportQuery) => `${pathOf(kind)}${queryString(query, 'csv')}`;

/**
 * One report. While another cycle or program of the same report loads, its previous answer stays on screen
 * (with its filters), so the selects keep their place and the keyboard's focus; another report's never does.
 */
export function useReport<K extends ReportKind>(kind: K, query: ReportQuery): UseQueryResult<ReportOf<K>> {
  return useQuery<AnyReport>({
    queryKey: [...REPORTS_KEY, kind, query.cycle ?? '', query.program ?? ''],
    queryFn: () => api.get<AnyReport>(reportUrl(kind, query)),
    ...showErrorInPage,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === kind ? previous : undefined),
  }) as UseQueryResult<ReportOf<K>>;
}

type AnyReport = ReportOf<ReportKind>;

/**
 * The programs to offer in the filter. An answer drawn for one program lists only that one, so with a program
 * chosen the choices come from the same report for the whole cycle: from the cache when the member came from
 * there, else fetched once.
 */
export function useProgramChoices(kind: ReportKind, cycle: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...REPORTS_KEY, kind, cycle ?? '', ''],
    queryFn: () => api.get<AnyReport>(reportUrl(kind, { cycle })),
    enabled,
    staleTime: 5 * 60_000,
    // Its key is the whole cycle's report, which the page itself may be showing: a refusal of it (an unknown
    // cycle, an equality report too small to show) is the page's message, not the app's error screen. Without
    // choices the filter falls back to the answer's programs.
    throwOnError: false,
    select: (report) => report.filters.programs,
  });
}
