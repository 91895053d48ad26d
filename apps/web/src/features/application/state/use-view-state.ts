import { allQuestions, tabSwitchClearedKeys, type FormDefinition, type TabsQuestion } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useToast } from '../../../components/ui/toast/toast-context';
import { userMessage } from '../../../lib/api-errors';
import { useTabSwitchGuard } from '../../documents/hooks/use-tab-switch-guard';
import { refreshDocumentsAfterTabError } from '../../documents/state/refresh-documents';
import { useAddAnother } from '../api/get-add-another';
import { useSaveAddAnother } from '../api/save-add-another';
import { useTabs } from '../api/get-tabs';
import { useSaveTab } from '../api/save-tab';
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

/**
 * Add-another counts and chosen tabs (SPEC section 4), saved per applicant.
 * Visitors see the defaults and cannot change them.
 */
export function useViewState(form: FormDefinition, store: AnswersStore, isLoggedIn: boolean) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const addAnother = useAddAnother(isLoggedIn);
  const tabs = useTabs(isLoggedIn);
  const saveAddAnother = useSaveAddAnother();
  const saveTab = useSaveTab();
  const tabGuard = useTabSwitchGuard();
  const switching = useRef(false);

  const view = useMemo<ViewState>(
    () => ({ addAnother: addAnother.data ?? NONE, tabs: tabs.data ?? NONE }),
    [addAnother.data, tabs.data],
  );

  const onError = useCallback(
    (title: string, error: unknown) => {
      if (isSubmittedConflict(error)) void refetchProfile(queryClient);
      if (isHandledElsewhere(error)) return;
      showToast({ title, description: userMessage(error), severity: 'error' });
    },
    [queryClient, showToast],
  );

  const onAddAnother = useCallback(
    (buttonId: string, count: number) =>
      saveAddAnother.mutate(
        { button_id: buttonId, num_components: count },
        { onError: (error) => onError(`Error adding another ${buttonId}`, error) },
      ),
    [saveAddAnother.mutate, onError],
  );

  const switchTab = useCallback(
    async (tabId: string, chosenTab: string) => {
      const group = findTabGroup(form, tabId);
      // One switch at a time: the first may still be deleting the pane's files.
      if (!group || switching.current) return;
      switching.current = true;
      try {
        // SPEC section 4: the converted files of the pane being left go first; refused while one is on its way.
        if (!(await tabGuard.releaseFiles(group, chosenTab))) return;
        await saveTab.mutateAsync({ tab_id: tabId, chosen_tab: chosenTab });
        // The server has cleared the other panes' answers; do the same here rather than refetch.
        const keys = tabSwitchClearedKeys(group, chosenTab);
        store.clearSaved(keys);
        mergeAnswersLocally(queryClient, Object.fromEntries(keys.map((key) => [key, ''])));
      } catch (error) {
        refreshDocumentsAfterTabError(queryClient);
        if (!tabGuard.refusedByServer(error)) onError(`Error handling tabs for ${tabId}`, error);
      } finally {
        switching.current = false;
      }
    },
    [saveTab.mutateAsync, tabGuard.releaseFiles, tabGuard.refusedByServer, form, store, queryClient, onError],
  );
  const onTabChange = useCallback((tabId: string, chosenTab: string) => void switchTab(tabId, chosenTab), [switchTab]);

  return {
    view,
    isLoading: isLoggedIn && (addAnother.isPending || tabs.isPending),
    onAddAnother: isLoggedIn ? onAddAnother : undefined,
    onTabChange: isLoggedIn ? onTabChange : undefined,
    /** 'File Upload in Progress', shown when a switch is refused; render it once, anywhere. */
    tabSwitchDialog: tabGuard.dialog,
  };
}
