import {
  DOCUMENT_ANSWERS_PATH,
  documentAnswerPath,
  type DocumentAnswersResponse,
  type DocumentDeletedResponse,
} from '@admissions/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { forgetDocumentLocally, setDocumentsLocally } from '../state/documents-cache';
import { conversionQueryKey, NOT_ANSWERED } from './conversion-api';

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

/** DELETE /api/document-answer/{key}: the document, its converted PDF and the question's answer. */
export function deleteDocumentAnswer(key: string): Promise<DocumentDeletedResponse> {
  return api.delete<DocumentDeletedResponse>(documentAnswerPath(key));
}

/** A mutation, so a 401 takes the app's unauthorized path like every other call. */
export function useDeleteDocumentAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocumentAnswer,
    onSuccess: (_data, key) => {
      forgetDocumentLocally(queryClient, key);
      queryClient.setQueryData(conversionQueryKey(key), NOT_ANSWERED);
    },
  });
}
