import {
  RECOMMENDATION_DECLINE_PATH,
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_LETTER_TEXT_PATH,
  RECOMMENDATION_OPEN_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  type LetterFileStatus,
  type PresignedUrlResponse,
  type RecommendationDeclineBody,
  type RecommendationLetterFileBody,
  type RecommendationLetterTextBody,
  type RecommendationTokenBody,
  type RecommendationView,
} from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

// The recommender's page (POST /public/recommendation/…): open it, decline, or send the letter as text or file.

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

/** POST /public/recommendation/upload-form: where and how to upload the letter file. */
export function createLetterUploadForm(body: RecommendationTokenBody): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(RECOMMENDATION_UPLOAD_FORM_PATH, body);
}

/** POST /public/recommendation/letter-file: convert the uploaded letter; answers the page's state. */
export function submitLetterFile(body: RecommendationLetterFileBody): Promise<RecommendationView> {
  return api.post<RecommendationView>(RECOMMENDATION_LETTER_FILE_PATH, body);
}
