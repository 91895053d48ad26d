import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { OptionList } from '@admissions/domain';

/** SPEC section 9: select type-ahead resets after 1000 ms; select pages by 5 items. */
export const TYPE_AHEAD_RESET_MS = 1000;
export const SELECT_PAGE_SIZE = 5;

/**
 * Keyboard behaviour of the SPEC on a native <select>. The native control is
 * kept for its accessibility (announced as a combo box everywhere, the
 * phone's own picker on touch screens); browsers differ in how long they
 * keep typed letters and in what PageUp/PageDown do, so those keys are
 * handled here while the list is closed. An open list is the browser's own
 * and keeps its native keys.
 */
export function useSelectKeyboard(options: OptionList, value: string, choose: (value: string) => void) {
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = Math.max(
      0,
      options.findIndex((o) => o.value === value),
    );

    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const step = event.key === 'PageDown' ? SELECT_PAGE_SIZE : -SELECT_PAGE_SIZE;
      const next = options[Math.min(Math.max(current + step, 0), options.length - 1)];
      if (next && next.value !== value) choose(next.value);
      return;
    }

    // A space opens the list unless it is part of a search ("United S...").
    const printable = event.key.length === 1 && (event.key !== ' ' || typed.current !== '');
    if (!printable) return;
    event.preventDefault();
    typed.current += event.key.toLowerCase();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      typed.current = '';
    }, TYPE_AHEAD_RESET_MS);

    const match = findTypeAhead(options, typed.current, current);
    if (match && match.value !== value) choose(match.value);
  };
}

/**
 * The option the typed text picks: the first label starting with it, from the
 * current option on. The same letter pressed again moves to the next label
 * with that letter, as list boxes do.
 */
export function findTypeAhead(options: OptionList, search: string, current: number) {
  const repeated = search.length > 1 && [...search].every((c) => c === search[0]);
  const needle = repeated ? search.slice(0, 1) : search;
  // A new single letter, or the same letter again, starts after the current option.
  const start = needle.length === 1 ? current + 1 : current;
  const ordered = [...options.slice(start), ...options.slice(0, start)];
  return ordered.find((o) => o.value !== '' && o.label.toLowerCase().startsWith(needle));
}
