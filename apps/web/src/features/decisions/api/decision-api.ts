import {
  DECISION_RESPONSE_PATH,
  type DecisionCodesResponse,
  type DecisionHistoryResponse,
  type DecisionResponse,
  type RecordDecisionBody,
  type ReleaseDecisionsBody,
  type ReleaseDecisionsResponse,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The applicant's decision is read with the rest of the status (GET /api/status): status/api/status-api.ts.
// Withdrawing the page's application, or the account's others: withdrawal-api.ts.

export const respondToOffer = (response: DecisionResponse) =>
  api.post<{ message: string }>(DECISION_RESPONSE_PATH, { response });

/** The tenant's decision codes; `optional`: a page that only offers them (the list's filter) works without them. */
export function useDecisionCodes({ optional = false } = {}) {
  return useQuery({
    queryKey: ['staff', 'decision-codes'],
    queryFn: () => api.get<DecisionCodesResponse>('/api/staff/decision-codes'),
    staleTime: Infinity,
    ...(optional ? { throwOnError: false } : {}),
  });
}

export const officeDecisionsKey = (userId: string) => ['staff', 'decisions', userId] as const;

export function useOfficeDecisions(userId: string) {
  return useQuery({
    queryKey: officeDecisionsKey(userId),
    queryFn: () => api.get<DecisionHistoryResponse>(`/api/staff/applications/${encodeURIComponent(userId)}/decisions`),
    staleTime: 0,
  });
}

export const recordDecision = (userId: string, body: RecordDecisionBody) =>
  api.put<DecisionHistoryResponse & { message: string }>(
    `/api/staff/applications/${encodeURIComponent(userId)}/decision`,
    body,
  );

export const releaseDecisions = (body: ReleaseDecisionsBody) =>
  api.post<ReleaseDecisionsResponse>('/api/staff/decisions/release', body);

/** One decision for every application selected (issue 41). */
export const recordDecisions = (body: RecordDecisionBody & { application_ids: string[] }) =>
  api.post<{ count: number; message: string }>('/api/staff/decisions/record', body);

/** The selected applications taken out of their scheduled releases (issue 41). */
export const cancelScheduled = (applicationIds: string[]) =>
  api.post<{ count: number; message: string }>('/api/staff/decisions/cancel', { application_ids: applicationIds });

export const cancelRelease = (releaseId: string) =>
  api.delete<{ message: string }>(`/api/staff/decisions/releases/${encodeURIComponent(releaseId)}`);
