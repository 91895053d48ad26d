import type { TemporaryAnswersBody, TemporaryAnswersCreated, TemporaryAnswersResponse } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** GET /public/tmp?token=: a visitor's answers saved with 'Save and finish later'. */
export function getTemporaryAnswers(token: string): Promise<TemporaryAnswersResponse> {
  return api.get<TemporaryAnswersResponse>(`/public/tmp?token=${encodeURIComponent(token)}`);
}

/**
 * Not under the public scope: the answers are personal and go with a logout.
 * An expired or unknown link is shown to the visitor, not thrown to the error screen.
 */
export function useTemporaryAnswers(token: string | null) {
  return useQuery({
    queryKey: ['temporary-answers', token],
    queryFn: () => getTemporaryAnswers(token ?? ''),
    enabled: token !== null,
    throwOnError: false,
  });
}

/** POST /public/tmp: stores a visitor's answers and answers with a resume link (optionally e-mailed). */
export function saveTemporaryAnswers(body: TemporaryAnswersBody): Promise<TemporaryAnswersCreated> {
  return api.post<TemporaryAnswersCreated>('/public/tmp', body);
}

export function useSaveTemporaryAnswers() {
  return useMutation({ mutationFn: saveTemporaryAnswers });
}
