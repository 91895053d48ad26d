import {
  recommenderAddressPath,
  STATUS_PATH,
  STATUS_REMINDERS_PATH,
  type RecommendationsResponse,
  type StatusResponse,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { useMutation } from '../../../lib/use-mutation';

export const statusQueryKey = STATUS_QUERY_KEY;

/** GET /api/status: the applicant's checklist. Asked again on every visit: items change while nobody looks. */
export function useStatus(enabled = true) {
  return useQuery({
    queryKey: statusQueryKey,
    queryFn: () => api.get<StatusResponse>(STATUS_PATH),
    enabled,
    refetchOnMount: 'always',
    throwOnError: false,
  });
}

/** PUT /api/status/reminders: the deadline reminders on or off. */
export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<StatusResponse>(STATUS_REMINDERS_PATH, { enabled }),
    onSuccess: (status) => queryClient.setQueryData(statusQueryKey, status),
  });
}

/** PUT /api/recommendations/{prefix}/address: a corrected address; a new request goes to it. */
export function useCorrectAddress(prefix: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.put<RecommendationsResponse>(recommenderAddressPath(prefix), { email }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: statusQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['recommendations'] });
    },
  });
}
