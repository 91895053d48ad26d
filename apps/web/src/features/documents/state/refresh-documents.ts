import type { QueryClient } from '@tanstack/react-query';
import { CONVERSION_QUERY_SCOPE } from '../api/conversion-api';
import { refreshDocumentAnswers } from '../api/document-answers-api';

/**
 * SPEC sections 7 and 8: after a tab error the doc-conversion and
 * document-answer entries are fetched again, since files may have been
 * deleted before the switch failed.
 */
export function refreshDocumentsAfterTabError(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [CONVERSION_QUERY_SCOPE] });
  // A 401 takes the query client's path; any other failure leaves the last known documents shown.
  refreshDocumentAnswers(queryClient).catch(() => {});
}
