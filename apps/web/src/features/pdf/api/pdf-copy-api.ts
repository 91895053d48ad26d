import {
  PDF_STATUS_POLL_FAST_MS,
  PDF_STATUS_POLL_SLOW_MS,
  type PdfCopyStatus,
  type PdfCopyStatusResponse,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const pdfStatusQueryKey = ['pdf-status'] as const;

/** GET /api/pdf. */
export function getPdfStatus(): Promise<PdfCopyStatusResponse> {
  return api.get<PdfCopyStatusResponse>('/api/pdf');
}

/** Statuses that are an answer; anything else (waiting, or not known yet) is asked again soon. */
const SETTLED: ReadonlySet<PdfCopyStatus> = new Set(['completed', 'failed']);

/**
 * SPEC section 4 (PDF copy download): every second until the first settled
 * answer (or a failed call) is known, then every ten minutes, so a link that
 * has been on screen a while still reflects the server.
 */
export function pdfStatusPollInterval(status: string | undefined, callFailed: boolean): number {
  return callFailed || (status !== undefined && SETTLED.has(status as PdfCopyStatus))
    ? PDF_STATUS_POLL_SLOW_MS
    : PDF_STATUS_POLL_FAST_MS;
}

/**
 * The copy's status, polled. A failed call is shown where the download link
 * would be (throwOnError: false) rather than taking the page down: the
 * application was submitted, and the rest of the page still matters.
 */
export function usePdfStatus(enabled = true) {
  return useQuery({
    queryKey: pdfStatusQueryKey,
    queryFn: getPdfStatus,
    enabled,
    refetchInterval: (query) => pdfStatusPollInterval(query.state.data?.status, query.state.status === 'error'),
    throwOnError: false,
  });
}
