import { useEffect } from 'react';
import { useLocation } from 'react-router';

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusTarget(element: HTMLElement): HTMLElement | null {
  if (element.matches(FOCUSABLE)) return element;
  return element.querySelector<HTMLElement>(FOCUSABLE);
}

/**
 * SPEC section 2: when the URL has a hash the page scrolls to the element
 * with that id (a field's key) and keyboard focus moves into it, whether the
 * link led to this page or to another one.
 */
export function useFocusHashTarget(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (hash.length < 2) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!element) return;
    // jsdom has no scrollIntoView; browsers all do.
    element.scrollIntoView?.({ block: 'center' });
    focusTarget(element)?.focus({ preventScroll: true });
  }, [hash, key]);
}
