import { isDocumentWaiting, type DocumentStatusResponse } from '@admissions/domain';
import type { QueryClient } from '@tanstack/react-query';
import { conversionQueryKey } from '../api/conversion-api';
import { documentAnswersQueryKey } from '../api/document-answers-api';

/** The upload of one question (presign, upload, start conversion) runs as a mutation with this key. */
export const uploadMutationKey = (key: string) => ['document-upload', key] as const;

/**
 * SPEC section 4, Tabs: a question's file is on its way while it uploads,
 * while its conversion is unprocessed or in progress, or while its status
 * or the list of documents is still being fetched.
 */
export function isUploadBusy(queryClient: QueryClient, key: string): boolean {
  if (queryClient.isMutating({ mutationKey: uploadMutationKey(key) }) > 0) return true;
  const conversion = queryClient.getQueryState<DocumentStatusResponse>(conversionQueryKey(key));
  if (conversion?.fetchStatus === 'fetching') return true;
  if (conversion?.data && isDocumentWaiting(conversion.data.status)) return true;
  return queryClient.isFetching({ queryKey: documentAnswersQueryKey }) > 0;
}
