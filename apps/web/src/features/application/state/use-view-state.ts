import {
  allQuestions,
  fieldDisplayName,
  tabSwitchClearedKeys,
  type AddAnotherQuestion,
  type FormDefinition,
  type TabsQuestion,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { userMessage } from '../../../lib/api-errors';
import { useTabSwitchGuard } from '../../documents/hooks/use-tab-switch-guard';
import { refreshDocumentsAfterTabError } from '../../documents/state/refresh-documents';
import {
  addAnotherQueryKey,
  removeRepeatBlock,
  useAddAnother,
  useSaveAddAnother,
  type AddAnotherCounts,
} from '../api/add-another-api';
import { tabsQueryKey, useSaveTab, useTabs } from '../api/tabs-api';
import type { AnswersStore } from './answers-store';
import type { ViewState } from './application-state-context';
import { isHandledElsewhere, isSubmittedConflict } from './handled-errors';
import { mergeAnswersLocally, refetchProfile } from './profile-cache';

const NONE = {};

function findTabGroup(form: FormDefinition, tabId: string): TabsQuestion | undefined {
  for (const page of form.pages) {
    for (const question of allQuestions(page)) if (question.kind === 'tabs' && question.key === tabId) return question;
  }
  return undefined;
}

function findRepeater(form: FormDefinition, buttonId: string): AddAnotherQuestion | undefined {
  for (const page of form.pages) {
    for (const question of allQuestions(page))
      if (question.kind === 'add-another' && question.key === buttonId) return question;
  }
  return undefined;
}

/** Toasts of these calls are named for applicants ('Error adding another School'), one per button or group, ended by a later success. */
const addToastId = (buttonId: string) => `add-another-error:${buttonId}`;
const tabToastId = (tabId: string) => `tabs-error:${tabId}`;

/**
 * Add-another counts and chosen tabs (SPEC section 4), saved per applicant.
 * Visitors see the defaults and cannot change them.
 */
export function useViewState(
  form: FormDefinition,
  store: AnswersStore,
  isLoggedIn: boolean,
  flush: () => Promise<void>,
) {
  const queryClient = useQueryClient();
  const { showToast, dismissToast } = useToast();
  const addAnother = useAddAnother(isLoggedIn);
  const tabs = useTabs(isLoggedIn);
  const { mutate: saveAddAnother } = useSaveAddAnother();
  const { mutateAsync: saveTab } = useSaveTab();
  const tabGuard = useTabSwitchGuard();
  const { releaseFiles, refusedByServer } = tabGuard;
  const switching = useRef(false);

  const view = useMemo<ViewState>(
    () => ({ addAnother: addAnother.data ?? NONE, tabs: tabs.data ?? NONE }),
    [addAnother.data, tabs.data],
  );

  const onError = useCallback(
    (id: string, title: string, error: unknown) => {
      if (isSubmittedConflict(error)) void refetchProfile(queryClient);
      if (isHandledElsewhere(error)) return;
      showToast({ id, title, description: userMessage(error), severity: 'error' });
    },
    [queryClient, showToast],
  );

  const onAddAnother = useCallback(
    (buttonId: string, count: number) =>
      saveAddAnother(
        { button_id: buttonId, num_components: count },
        {
          onSuccess: () => dismissToast(addToastId(buttonId)),
          onError: (error) =>
            onError(
              addToastId(buttonId),
              `Error adding another ${findRepeater(form, buttonId)?.itemTitle ?? 'block'}`,
              error,
            ),
        },
      ),
    [saveAddAnother, onError, dismissToast, form],
  );

  /**
   * Removes a block on the server, after saving the edits so the blocks that
   * move up carry what is on screen; then shows what the server changed.
   * Rejects (after the error toast) so the confirmation stays open.
   */
  const onRemoveRepeat = useCallback(
    async (buttonId: string, number: number, itemTitle: string) => {
      try {
        await flush();
        const removed = await removeRepeatBlock(buttonId, number);
        store.replaceSaved(removed.answer);
        mergeAnswersLocally(queryClient, removed.answer);
        queryClient.setQueryData<AddAnotherCounts>(addAnotherQueryKey, (counts) => ({
          ...counts,
          ...removed.add_another,
        }));
        queryClient.setQueryData(tabsQueryKey, removed.tabs);
        dismissToast(addToastId(buttonId));
      } catch (error) {
        onError(addToastId(buttonId), `Error removing ${itemTitle} ${number}`, error);
        throw error;
      }
    },
    [flush, store, queryClient, onError, dismissToast],
  );

  const switchTab = useCallback(
    async (tabId: string, chosenTab: string) => {
      const group = findTabGroup(form, tabId);
      // One switch at a time: the first may still be deleting the pane's files.
      if (!group || switching.current) return;
      switching.current = true;
      try {
        // SPEC section 4: the converted files of the pane being left go first; refused while one is on its way.
        if (!(await releaseFiles(group, chosenTab))) return;
        await saveTab({ tab_id: tabId, chosen_tab: chosenTab });
        dismissToast(tabToastId(tabId));
        // The server has cleared the other panes' answers; do the same here rather than refetch.
        const keys = tabSwitchClearedKeys(group, chosenTab);
        store.clearSaved(keys);
        mergeAnswersLocally(queryClient, Object.fromEntries(keys.map((key) => [key, ''])));
      } catch (error) {
        refreshDocumentsAfterTabError(queryClient);
        if (!refusedByServer(error)) {
          onError(tabToastId(tabId), `Error handling tabs for ${fieldDisplayName(form, tabId)}`, error);
        }
      } finally {
        switching.current = false;
      }
    },
    [saveTab, releaseFiles, refusedByServer, form, store, queryClient, onError, dismissToast],
  );
  const onTabChange = useCallback((tabId: string, chosenTab: string) => void switchTab(tabId, chosenTab), [switchTab]);

  return {
    view,
    isLoading: isLoggedIn && (addAnother.isPending || tabs.isPending),
    onAddAnother: isLoggedIn ? onAddAnother : undefined,
    onRemoveRepeat: isLoggedIn ? onRemoveRepeat : undefined,
    onTabChange: isLoggedIn ? onTabChange : undefined,
    /** 'File Upload in Progress', shown when a switch is refused; render it once, anywhere. */
    tabSwitchDialog: tabGuard.dialog,
  };
}
