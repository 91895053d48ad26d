import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { focusAnswerField } from '../../../components/form/focus-answer-field';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** For an id on a container that is not itself focusable (e.g. a repeated block): its first control. */
function focusFirstControlIn(id: string): void {
  document.getElementById(id)?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

/**
 * SPEC section 2: when the URL has a hash (a validation-summary link,
 * `page#field_key`) the page scrolls to that field and keyboard focus moves
 * into it, whether the link led to this page or to another one. Keyed by
 * the history entry, so following the same link twice works twice.
 */
export function useFocusHashTarget(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    if (!focusAnswerField(id)) focusFirstControlIn(id);
  }, [hash, key]);
}
