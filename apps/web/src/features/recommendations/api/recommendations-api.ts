import {
  RECOMMENDATIONS_PATH,
  recommendationReminderPath,
  recommendationRequestPath,
  type RecommendationRequestBody,
  type RecommenderPrefix,
  type RecommendationsResponse,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { useMutation } from '../../../lib/use-mutation';
import { applicationsQueryKey } from '../../../shared/session/api/applications-api';

export const recommendationsQueryKey = ['recommendations'] as const;

/** GET /api/recommendations: where each recommender's letter stands. */
export function getRecommendations(): Promise<RecommendationsResponse> {
  return api.get<RecommendationsResponse>(RECOMMENDATIONS_PATH);
}

/**
 * Asked again on every visit of a page that shows it, since recommenders
 * answer in their own time. A failed call is shown in place rather than
 * taking the page down: the rest of the page does not depend on it.
 */
export function useRecommendations(enabled: boolean) {
  return useQuery({
    queryKey: recommendationsQueryKey,
    queryFn: getRecommendations,
    enabled,
    refetchOnMount: 'always',
    throwOnError: false,
  });
}

export interface LetterRequest {
  prefix: RecommenderPrefix;
  /** Other applications of the account to ask the same recommender for in the same mail (issue 42). */
  alsoFor?: readonly string[];
}

/**
 * POST /api/recommendations/{prefix}/request: e-mails the recommender the link; answers the new list. The body
 * names other applications only when there are some, so a request for this application alone is what it was.
 */
export function sendRecommendationRequest({ prefix, alsoFor = [] }: LetterRequest): Promise<RecommendationsResponse> {
  const body: RecommendationRequestBody = alsoFor.length > 0 ? { also_for: [...alsoFor] } : {};
  return api.post<RecommendationsResponse>(recommendationRequestPath(prefix), body);
}

export function useSendRecommendationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecommendationRequest,
    onSuccess: async (list, { alsoFor = [] }) => {
      queryClient.setQueryData(recommendationsQueryKey, list);
      // The checklist's letter item changes with it: Final Steps and the status page read it again.
      await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
      // The other applications named now hold the request too.
      if (alsoFor.length > 0) await queryClient.invalidateQueries({ queryKey: applicationsQueryKey });
    },
  });
}

/** POST /api/recommendations/{prefix}/reminder: at most one a day; answers the new list. */
export function sendRecommendationReminder(prefix: RecommenderPrefix): Promise<RecommendationsResponse> {
  return api.post<RecommendationsResponse>(recommendationReminderPath(prefix), {});
}

export function useSendRecommendationReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecommendationReminder,
    onSuccess: async (list) => {
      queryClient.setQueryData(recommendationsQueryKey, list);
      // The checklist's letter item changes with it: Final Steps and the status page read it again.
      await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
    },
  });
}
