import type { RemoveRepeatBlockResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** DELETE /api/add-another/{button_id}/{number}: removes block `number` (1-based) and moves the later ones up. */
export function removeRepeatBlock(buttonId: string, number: number): Promise<RemoveRepeatBlockResponse> {
  return api.delete<RemoveRepeatBlockResponse>(`/api/add-another/${encodeURIComponent(buttonId)}/${number}`);
}
