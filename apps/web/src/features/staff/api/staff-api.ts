import type {
  ServiceTokenCreated,
  StaffApplicationDetail,
  StaffListQuery,
  StaffListResponse,
  StaffMeResponse,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ServerError } from '../../../lib/api-errors';
import { showErrorInPage } from './staff-query';

/** The console's calls (docs/decisions/011-staff-console.md); the stage filter is issue #28's, the cycle #29's. */
export type ListFilters = Partial<
  Pick<
    StaffListQuery,
    | 'q'
    | 'status'
    | 'program'
    | 'term'
    | 'stage'
    | 'complete'
    | 'cycle'
    | 'decision'
    | 'decision_state'
    | 'fee'
    | 'sort'
    | 'dir'
    | 'page'
  >
>;

export function listQueryString(filters: ListFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const csvExportUrl = (filters: ListFilters) => {
  const { page: _page, ...rest } = filters;
  return `/api/staff/applications.csv${listQueryString(rest)}`;
};

/**
 * Whether this session is staff: a 403 (an applicant) is an answer to show, not a crash, and so is 401
 * MFA_REQUIRED (a password sign-in whose second step is still to pass, issue 44).
 */
export function useStaffMe(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'me'],
    enabled,
    queryFn: () => api.get<StaffMeResponse>('/api/staff/me'),
    throwOnError: (error) =>
      !(error instanceof ServerError && (error.status === 403 || error.code === 'MFA_REQUIRED')) &&
      !(error.name === 'UnauthorizedError'),
  });
}

export function useApplicationList(filters: ListFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'applications', filters],
    queryFn: () => api.get<StaffListResponse>(`/api/staff/applications${listQueryString(filters)}`),
    enabled,
    // A reader comes back to the list to see what changed since.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
  });
}

/**
 * One application for its page. `cycle` is the cycle its link names (decision 064): the server answers a link made
 * before the applicant started the next cycle with 404 and where the application went (ServerError.movedTo). The
 * key leaves the cycle out, so the page writing it into its address asks nothing again. A refusal is shown in the
 * page (showErrorInPage).
 */
export function useApplicationDetail(userId: string, enabled: boolean, cycle?: string) {
  const query = cycle ? `?cycle=${encodeURIComponent(cycle)}` : '';
  return useQuery({
    queryKey: ['staff', 'application', userId],
    queryFn: () => api.get<StaffApplicationDetail>(`/api/staff/applications/${encodeURIComponent(userId)}${query}`),
    enabled,
    ...showErrorInPage,
  });
}

export function createPrintToken(userId: string): Promise<ServiceTokenCreated> {
  return api.post<ServiceTokenCreated>(`/api/staff/applications/${encodeURIComponent(userId)}/print-token`);
}

/** Withdraws a print link at once (it would expire by itself within 30 minutes). */
export function revokePrintToken(tokenId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/staff/print-tokens/${encodeURIComponent(tokenId)}`);
}
