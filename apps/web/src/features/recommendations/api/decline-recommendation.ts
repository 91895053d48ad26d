import {
  RECOMMENDATION_DECLINE_PATH,
  type RecommendationDeclineBody,
  type RecommendationView,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recommendationViewKey } from './open-recommendation';
import { useMutation } from '../../../lib/use-mutation';

/** POST /public/recommendation/decline, with the reason the applicant will read. */
export function declineRecommendation(body: RecommendationDeclineBody): Promise<RecommendationView> {
  return api.post<RecommendationView>(RECOMMENDATION_DECLINE_PATH, body);
}

export function useDeclineRecommendation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => declineRecommendation({ token, reason }),
    onSuccess: (view) => queryClient.setQueryData(recommendationViewKey(token), view),
  });
}
