import {
  RECOMMENDATION_OPEN_PATH,
  type LetterFileStatus,
  type RecommendationTokenBody,
  type RecommendationView,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often the page asks again while an uploaded letter is being checked and converted. */
export const LETTER_POLL_MS = 1500;

// The token identifies the page; it lives only in this tab's memory, never in a URL.
export const recommendationViewKey = (token: string) => ['recommendation-view', token] as const;

/** POST /public/recommendation/open: what the recommender's page shows. */
export function openRecommendation(body: RecommendationTokenBody): Promise<RecommendationView> {
  return api.post<RecommendationView>(RECOMMENDATION_OPEN_PATH, body);
}

const CONVERTING: ReadonlySet<LetterFileStatus> = new Set(['UNPROCESSED', 'IN_PROGRESS']);

/** Whether an uploaded letter is still being checked, so the page waits for it. */
export function isLetterConverting(view: RecommendationView | undefined): boolean {
  return view !== undefined && view.state === 'OPEN' && CONVERTING.has(view.letter_file.status);
}

/** The page's state, polled while an uploaded letter converts. Errors are the page's to show (an expired link). */
export function useRecommendationView(token: string) {
  return useQuery({
    queryKey: recommendationViewKey(token),
    queryFn: () => openRecommendation({ token }),
    // Without a token there is nothing to ask.
    enabled: token !== '',
    refetchInterval: (query) => (isLetterConverting(query.state.data) ? LETTER_POLL_MS : false),
    throwOnError: false,
  });
}
