import type { AnswerBody, Answers, CarryOverResponse, MessageResponse } from '@admissions/domain';
import { api, type RequestOptions } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export interface SaveAnswersVariables {
  /** Only the keys that changed: the server merges them into the saved answers. */
  answers: AnswerBody;
  keepalive?: boolean;
}

/** PUT /api/answer (SPEC section 7). 409 APPLICATION_SUBMITTED once the application is final. */
export function saveAnswers(answers: AnswerBody, options?: RequestOptions): Promise<MessageResponse> {
  return api.put<MessageResponse>('/api/answer', answers, options);
}

export function useSaveAnswers() {
  return useMutation({
    mutationFn: ({ answers, keepalive }: SaveAnswersVariables) => saveAnswers(answers, { keepalive }),
  });
}

/** POST /api/carry-over: a visitor's answers offered to the account at login (fills only unanswered questions). */
export function carryOver(answer: Answers): Promise<CarryOverResponse> {
  return api.post<CarryOverResponse>('/api/carry-over', { answer });
}
