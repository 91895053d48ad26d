import { useCallback, useEffect, useRef, type RefObject } from 'react';

type AfterDialog = 'primary' | 'keep';

/**
 * Keeps keyboard and screen-reader users in place while the widget changes
 * under them: when the element holding focus is replaced (the file input by
 * the upload status, the status by the file input after an error), focus
 * moves to the new phase's primary element instead of falling to the page's
 * start. Focus the user moved elsewhere is left alone.
 */
export function useFocusFollow(
  phase: string,
  container: RefObject<HTMLElement | null>,
  primary: RefObject<HTMLElement | null>,
) {
  const hadFocus = useRef(false);
  const afterDialog = useRef<AfterDialog>('keep');

  // Read while rendering, that is before the commit removes the element that may hold focus.
  const active = typeof document === 'undefined' ? null : document.activeElement;
  hadFocus.current = Boolean(active && container.current?.contains(active));

  useEffect(() => {
    if (!hadFocus.current) return;
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    primary.current?.focus();
  }, [phase, primary]);

  /** Where focus should go when the delete dialog closes. */
  const next = useCallback((where: AfterDialog) => {
    afterDialog.current = where;
  }, []);
  const take = useCallback((): AfterDialog => {
    const where = afterDialog.current;
    afterDialog.current = 'keep';
    return where;
  }, []);

  return { next, take };
}
