import type { Answers, FormDefinition } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSaveAnswers } from '../api/answers-api';
import { registerBeforeLogout } from '../../../shared/session/before-logout';
import { createAnswersSaver, type FlushOptions } from './answers-saver';
import { createAnswersStore, hasAnyAnswer } from './answers-store';
import { isSubmittedConflict } from './handled-errors';
import { rememberIncompleteDates } from './incomplete-dates';
import { mergeAnswersLocally, readProfile, refetchProfile } from './profile-cache';

/**
 * The answers and how they are saved. A logged-in applicant's edits are sent
 * by flush(): on navigation, Save and Submit, after a pause in typing
 * (use-autosave.ts) and before any logout (session/before-logout.ts).
 * A visitor's answers stay in memory.
 */
export function useAnswers(
  form: FormDefinition,
  savedAnswers: Answers | undefined,
  isLoggedIn: boolean,
  onSaved?: () => void,
) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveAnswers();
  const [store] = useState(() => createAnswersStore(form));
  const { answers, edits } = useSyncExternalStore(store.subscribe, store.getSnapshot);

  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  const [saveNow] = useState(() =>
    createAnswersSaver(
      store,
      (changes, options) => mutateAsync({ answers: changes, keepalive: options.keepalive }),
      (sent) => {
        mergeAnswersLocally(queryClient, sent);
        const username = readProfile(queryClient)?.username;
        if (username) rememberIncompleteDates(username, sent);
        onSavedRef.current?.();
      },
    ),
  );

  const flush = useCallback(
    async (options?: FlushOptions) => {
      if (!isLoggedIn) return;
      try {
        await saveNow(options);
      } catch (error) {
        if (isSubmittedConflict(error)) {
          // Final on the server: nothing can be saved any more; the refetched status shows /completion.
          store.discardEdits();
          void refetchProfile(queryClient);
        }
        throw error;
      }
    },
    [isLoggedIn, saveNow, store, queryClient],
  );

  // The server's answers (first load, refetch, a save merged in): edits stay on top.
  useEffect(() => {
    if (savedAnswers) store.setSaved(savedAnswers);
  }, [savedAnswers, store]);

  useEffect(() => (isLoggedIn ? registerBeforeLogout(() => flush()) : undefined), [isLoggedIn, flush]);

  const onChange = useCallback((changes: Answers) => store.change(changes), [store]);

  return { store, answers, edits, hasAnswers: hasAnyAnswer(answers), onChange, flush };
}
