import type { Answers } from '@admissions/domain';
import { useSyncExternalStore } from 'react';

/**
 * The answers a visitor has typed on the form pages, published while those
 * pages are on screen, so links outside them (the header's Sign In and Create
 * Account) can carry them along (SPEC section 2). Undefined when there are none.
 */
let current: Answers | undefined;
const listeners = new Set<() => void>();

export function publishVisitorAnswers(answers: Answers | undefined): void {
  if (current === answers) return;
  current = answers;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVisitorAnswers(): Answers | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
