import type { Answers, CarryOverResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /api/carry-over: a visitor's answers offered to the account at login (fills only unanswered questions). */
export function carryOver(answer: Answers): Promise<CarryOverResponse> {
  return api.post<CarryOverResponse>('/api/carry-over', { answer });
}
