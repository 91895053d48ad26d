import type { TemporaryAnswersBody, TemporaryAnswersCreated } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** POST /public/tmp: stores a visitor's answers and answers with a resume link (optionally e-mailed). */
export function saveTemporaryAnswers(body: TemporaryAnswersBody): Promise<TemporaryAnswersCreated> {
  return api.post<TemporaryAnswersCreated>('/public/tmp', body);
}

export function useSaveTemporaryAnswers() {
  return useMutation({ mutationFn: saveTemporaryAnswers });
}
