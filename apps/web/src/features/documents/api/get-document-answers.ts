import { DOCUMENT_ANSWERS_PATH, type DocumentAnswersResponse } from '@admissions/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setDocumentsLocally } from '../state/documents-cache';

export const documentAnswersQueryKey = ['document-answer'] as const;

/** GET /api/document-answer: the converted documents by question key. */
export function getDocumentAnswers(): Promise<DocumentAnswersResponse> {
  return api.get<DocumentAnswersResponse>(DOCUMENT_ANSWERS_PATH);
}

/**
 * Asks the server for the documents again and writes them into the cached
 * profile, whose document_answer every reader (widgets, validation) uses.
 * Concurrent calls share one request.
 */
export async function refreshDocumentAnswers(queryClient: QueryClient): Promise<void> {
  const documents = await queryClient.fetchQuery({
    queryKey: documentAnswersQueryKey,
    queryFn: getDocumentAnswers,
    staleTime: 0,
  });
  setDocumentsLocally(queryClient, documents);
}
