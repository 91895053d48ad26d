import { useEffect, useRef } from 'react';
import { applicationOpening } from '../../../lib/application-id';
import { isLoggedInNow } from '../../../shared/session/session-store';
import type { FlushOptions } from './answers-saver';
import type { AnswersStore } from './answers-store';

/** Typing pauses this long before the edits are saved on their own. */
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * So typing never loses work: a logged-in applicant's edits are saved 2 s
 * after the last change, when the tab is hidden or the page goes away, and
 * when the form pages are left.
 */
export function useAutosave(
  store: AnswersStore,
  flush: (options?: FlushOptions) => Promise<void>,
  enabled: boolean,
  onError: (error: unknown) => void,
): void {
  const latest = useRef({ flush, onError });
  latest.current = { flush, onError };

  useEffect(() => {
    if (!enabled) return;
    const opening = applicationOpening();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = (options?: FlushOptions) => {
      clearTimeout(timer);
      timer = undefined;
      if (Object.keys(store.getSnapshot().edits).length === 0) return;
      latest.current.flush(options).catch((error: unknown) => latest.current.onError(error));
    };
    const unsubscribe = store.subscribe(() => {
      clearTimeout(timer);
      timer = Object.keys(store.getSnapshot().edits).length > 0 ? setTimeout(save, AUTOSAVE_DELAY_MS) : undefined;
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save({ keepalive: true });
    };
    const onPageHide = () => save({ keepalive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the form pages (e.g. for /login after a 401) must not save for a session that is gone, nor
      // into another application this tab has opened since (issue 42: the edits were the old one's).
      if (timer !== undefined && isLoggedInNow() && applicationOpening() === opening) save();
      clearTimeout(timer);
    };
  }, [store, enabled]);
}
