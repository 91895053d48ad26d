import type {
  AssignmentInput,
  AssignmentResult,
  AuditActionName,
  AuditResponse,
  BulkStageMoveInput,
  QueueResponse,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enc, showErrorInPage, useStaffGet } from './staff-query';

/** Assignments, stage moves, the caller's queue and the audit log. */
export const assignReviewer = (input: AssignmentInput) => api.post<AssignmentResult>('/api/staff/assignments', input);

export const moveStage = (userId: string, stage: string) =>
  api.put<unknown>(`/api/staff/applications/${enc(userId)}/stage`, { stage });

export const moveStages = (input: BulkStageMoveInput) =>
  api.put<{ moved?: number }>('/api/staff/applications/stage', input);

export const QUEUE_KEY = ['staff', 'queue'] as const;

export function useQueue() {
  return useStaffGet<QueueResponse>(QUEUE_KEY, '/api/staff/queue');
}

export interface AuditFilters {
  member?: string;
  application?: string;
  /** The applicant's name, folded by the server as the console's search is ('yilmaz' finds Yılmaz). */
  name?: string;
  action?: AuditActionName;
  page?: number;
  /** The newest row the first page read (AuditResponse.upto), so later pages stay as they were. */
  upto?: string;
}

export function useAudit(filters: AuditFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const query = params.toString();
  return useQuery({
    queryKey: ['staff', 'audit', filters],
    queryFn: () => api.get<AuditResponse>(`/api/staff/audit${query ? `?${query}` : ''}`),
    placeholderData: (previous) => previous,
    ...showErrorInPage,
  });
}
