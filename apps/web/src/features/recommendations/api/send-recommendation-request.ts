import { recommendationRequestPath, type RecommenderPrefix, type RecommendationsResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { recommendationsQueryKey } from './get-recommendations';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/recommendations/{prefix}/request: e-mails the recommender the link; answers the new list. */
export function sendRecommendationRequest(prefix: RecommenderPrefix): Promise<RecommendationsResponse> {
  return api.post<RecommendationsResponse>(recommendationRequestPath(prefix), {});
}

export function useSendRecommendationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecommendationRequest,
    onSuccess: async (list) => {
      queryClient.setQueryData(recommendationsQueryKey, list);
      // The checklist's letter item changes with it: Final Steps and the status page read it again.
      await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
    },
  });
}
