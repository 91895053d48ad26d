import {
  DOC_CONVERSION_POLL_MS,
  documentConversionPath,
  isDocumentWaiting,
  type DocumentDeletedResponse,
  type DocumentStatusResponse,
  type StartConversionBody,
} from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every conversion's cache entry starts with this (SPEC section 7: invalidated when a tab error is reset). */
export const CONVERSION_QUERY_SCOPE = 'doc-conversion';
export const conversionQueryKey = (key: string) => [CONVERSION_QUERY_SCOPE, key] as const;

/** The status of a question without a document (after a delete or an upload error). */
export const NOT_ANSWERED: DocumentStatusResponse = { status: 'NOT_ANSWERED', message: '', url: '' };

/** GET /api/pdf/document-answer/{key}. */
export function getConversionStatus(key: string): Promise<DocumentStatusResponse> {
  return api.get<DocumentStatusResponse>(documentConversionPath(key));
}

/** SPEC section 4: ask again every 2000 ms while the conversion is unprocessed or in progress, else stop. */
export function conversionPollInterval(data: DocumentStatusResponse | undefined): number | false {
  return data && isDocumentWaiting(data.status) ? DOC_CONVERSION_POLL_MS : false;
}

/**
 * One question's conversion status, polled while it waits. A failed call is
 * the widget's to show (as an upload error), not the page's error boundary's.
 */
export function useConversionStatus(key: string, enabled: boolean) {
  return useQuery({
    queryKey: conversionQueryKey(key),
    queryFn: () => getConversionStatus(key),
    enabled,
    refetchInterval: (query) => conversionPollInterval(query.state.data),
    throwOnError: false,
  });
}

/** POST /api/pdf/document-answer/{key}: convert the uploaded file; answers the first status. */
export function startConversion(key: string, body: StartConversionBody): Promise<DocumentStatusResponse> {
  return api.post<DocumentStatusResponse>(documentConversionPath(key), body);
}

/** DELETE /api/pdf/document-answer/{key}: forget a conversion (after an upload error). */
export function deleteConversion(key: string): Promise<DocumentDeletedResponse> {
  return api.delete<DocumentDeletedResponse>(documentConversionPath(key));
}
