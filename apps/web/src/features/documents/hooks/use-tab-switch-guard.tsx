import type { TabsQuestion } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ServerError, UnauthorizedError } from '../../../lib/api-errors';
import { useDeleteDocumentAnswer } from '../api/document-answers-api';
import { UploadInProgressDialog } from '../components/upload-in-progress-dialog';
import { readDocuments } from '../state/documents-cache';
import { fileKeysLeftBy } from '../state/tab-pane-files';
import { isUploadBusy } from '../state/upload-activity';

/**
 * SPEC section 4, Tabs: before a tab switch, the converted files of the
 * panes being left are deleted. While one of their files is uploading,
 * converting or still loading, or when a deletion fails, the switch is
 * cancelled and 'File Upload in Progress' says why.
 */
export function useTabSwitchGuard() {
  const queryClient = useQueryClient();
  const { mutateAsync: deleteDocument } = useDeleteDocumentAnswer();
  const [blocked, setBlocked] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const block = useCallback(() => {
    const active = document.activeElement;
    returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setBlocked(true);
  }, []);

  /** Resolves true when the switch may go ahead. */
  const releaseFiles = useCallback(
    async (group: TabsQuestion, toTab: string): Promise<boolean> => {
      const keys = fileKeysLeftBy(group, toTab);
      if (keys.some((key) => isUploadBusy(queryClient, key))) {
        block();
        return false;
      }
      const attached = keys.filter((key) => Object.hasOwn(readDocuments(queryClient), key));
      try {
        for (const key of attached) await deleteDocument(key);
      } catch (error) {
        // A 401 is on its way to /login already.
        if (!(error instanceof UnauthorizedError)) block();
        return false;
      }
      return true;
    },
    [queryClient, deleteDocument, block],
  );

  /**
   * The server refuses a switch itself while a conversion of the panes left
   * is running (409 CONVERSION_IN_PROGRESS, e.g. started in another tab): the
   * same dialog, not an error toast. True when the error was that refusal.
   */
  const refusedByServer = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ServerError) || error.code !== 'CONVERSION_IN_PROGRESS') return false;
      block();
      return true;
    },
    [block],
  );

  const dialog = (
    <UploadInProgressDialog
      open={blocked}
      onClose={() => setBlocked(false)}
      onCloseAutoFocus={(event) => {
        // Opened by the switch, not by a trigger: focus returns to the tab that was pressed.
        event.preventDefault();
        const target = returnFocusTo.current;
        returnFocusTo.current = null;
        if (target?.isConnected) target.focus();
      }}
    />
  );

  return { releaseFiles, refusedByServer, dialog };
}
