import { useLayoutEffect, useRef } from 'react';

/**
 * Focus for an element that replaces what the user was working on (a
 * confirmation, an error page), so screen readers read it out and keyboard
 * users continue from there. The element needs tabIndex={-1}.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // Before paint, so the page never shows with focus left behind.
  useLayoutEffect(() => ref.current?.focus(), []);
  return ref;
}
