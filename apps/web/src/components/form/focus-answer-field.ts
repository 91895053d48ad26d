/**
 * Follows a validation-summary link (`page#key`): every answer's control has
 * the key as its id (groups: their first control, or the focusable group),
 * so this finds it, scrolls it to the middle of the window, clear of any
 * header (WCAG 2.4.11), and focuses it. Browsers only scroll to a fragment;
 * they do not focus it. False when the key is not on screen (e.g. in a block
 * not shown).
 */
export function focusAnswerField(key: string): boolean {
  const element = document.getElementById(key);
  if (!element) return false;
  // jsdom has no scrollIntoView.
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}
