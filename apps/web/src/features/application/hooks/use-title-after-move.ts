import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a move between the application's pages (Save and Continue, Back, a
 * step link), the new page starts at its top, with keyboard focus on its
 * title. Without this, a phone kept the old page's scroll position, so the
 * next step opened at its bottom, and the button that moved us was gone, so
 * focus fell back to the document and a screen reader said nothing of the new
 * page.
 *
 * A page load or the browser's Back and Forward (POP) keep what the browser
 * does. A link to a field (a hash) is use-focus-hash-target's. Whatever took
 * focus itself, such as the validation summary or a dialog, keeps it.
 */
export function useTitleAfterMove(title: RefObject<HTMLElement | null>): void {
  const navigationType = useNavigationType();
  const { key, hash } = useLocation();

  useEffect(() => {
    if (navigationType === 'POP' || hash.length > 1) return;
    window.scrollTo(0, 0);
    const active = document.activeElement;
    if (!active || active === document.body) title.current?.focus({ preventScroll: true });
    // Once per move: each move makes a history entry with a new key.
  }, [key, navigationType, hash, title]);
}
