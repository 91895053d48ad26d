import { useCallback, useEffect, useRef, type FocusEvent, type RefObject } from 'react';

type AfterDialog = 'primary' | 'keep';

/**
 * Keeps keyboard and screen-reader users in place while the widget changes
 * under them: when the element holding focus is replaced (the file input
 * by the progress bar, the Delete button by the file input), focus moves to
 * the new phase's primary element instead of falling to the page's start.
 * Focus that the user moved elsewhere is left alone.
 */
export function useFocusFollow(phase: string, primary: RefObject<HTMLElement | null>) {
  const inside = useRef(false);
  const afterDialog = useRef<AfterDialog>('keep');

  const onFocus = useCallback(() => {
    // React bubbles focus through portals, so the widget's own dialog counts as inside.
    inside.current = true;
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node) {
      if (!event.currentTarget.contains(next)) inside.current = false;
      return;
    }
    // Focus went nowhere: either its element was removed (follow it) or the user clicked on nothing (let go).
    const left = event.target;
    setTimeout(() => {
      if (left.isConnected) inside.current = false;
    }, 0);
  }, []);

  useEffect(() => {
    if (!inside.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
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

  return { onFocus, onBlur, next, take };
}
