import {
  RECOMMENDATION_LETTER_TEXT_PATH,
  type RecommendationLetterTextBody,
  type RecommendationView,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recommendationViewKey } from './open-recommendation';
import { useMutation } from '../../../lib/use-mutation';

/** POST /public/recommendation/letter-text: a letter written on the page. */
export function submitLetterText(body: RecommendationLetterTextBody): Promise<RecommendationView> {
  return api.post<RecommendationView>(RECOMMENDATION_LETTER_TEXT_PATH, body);
}

export function useSubmitLetterText(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => submitLetterText({ token, text }),
    onSuccess: (view) => queryClient.setQueryData(recommendationViewKey(token), view),
  });
}
