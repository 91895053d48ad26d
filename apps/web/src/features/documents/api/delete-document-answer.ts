import { documentAnswerPath, type DocumentDeletedResponse } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetDocumentLocally } from '../state/documents-cache';
import { conversionQueryKey, NOT_ANSWERED } from './get-conversion-status';
import { useMutation } from '../../../lib/use-mutation';

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
