import { RECOMMENDATIONS_PATH, type RecommendationsResponse } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
