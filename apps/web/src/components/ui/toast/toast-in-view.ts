import { useEffect, type RefObject } from 'react';

/** Where toasts take their place at the top of the page instead of lying over it (toast.module.css). */
const PHONE = '(max-width: 675px)';

/**
 * On a phone a toast takes its own place at the top of the page, so it covers no heading or label (issue 49).
 * Shown while that top is scrolled away (Save at the end of a long step, an upload's error half-way down), a
 * screen reader would read it and nobody would see it: the page is scrolled just enough to show it.
 */
export function useToastInView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const toast = ref.current;
    // jsdom has neither matchMedia nor scrollIntoView.
    if (!toast || typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE).matches) return;
    if (toast.getBoundingClientRect().top < 0) toast.scrollIntoView({ block: 'nearest' });
  }, [ref]);
}
