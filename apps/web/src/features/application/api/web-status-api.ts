import type { WebStatusBody } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { ServerError } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/web-status: started or validating; submitted only after the submit call passed. */
export function saveWebStatus(body: WebStatusBody): Promise<WebStatusBody> {
  return api.post<WebStatusBody>('/api/web-status', body);
}

/** SPEC section 7: retried up to 2 times on failure; a refusal (4xx, 401 included) is not retried. */
export const WEB_STATUS_RETRIES = 2;

function shouldRetry(failureCount: number, error: Error): boolean {
  const transient = error instanceof ServerError && (error.status === 0 || error.status >= 500);
  return transient && failureCount < WEB_STATUS_RETRIES;
}

export function useSaveWebStatus() {
  return useMutation({ mutationFn: saveWebStatus, retry: shouldRetry, retryDelay: (attempt) => 250 * 2 ** attempt });
}
