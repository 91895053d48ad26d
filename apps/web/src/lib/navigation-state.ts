import type { Answers } from '@admissions/domain';
import { useLocation } from 'react-router';

/**
 * What one screen hands the next through history state (SPEC section 2): a
 * success message (shown as a toast), an error message (shown on /login), the
 * username to pre-fill and the visitor's unsaved answers.
 */
export interface NavigationState {
  message?: string;
  errorMessage?: string;
  username?: string;
  answers?: Answers;
}

/**
 * History state outlives the code that wrote it (reloads, old tabs), so it is
 * read defensively: anything of the wrong shape is dropped.
 */
export function readNavigationState(state: unknown): NavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const raw = state as Record<string, unknown>;
  const result: NavigationState = {};
  if (typeof raw.message === 'string' && raw.message !== '') result.message = raw.message;
  if (typeof raw.errorMessage === 'string' && raw.errorMessage !== '') result.errorMessage = raw.errorMessage;
  if (typeof raw.username === 'string') result.username = raw.username;
  const answers = readAnswers(raw.answers);
  if (answers) result.answers = answers;
  return result;
}

function readAnswers(value: unknown): Answers | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

export function useNavigationState(): NavigationState {
  return readNavigationState(useLocation().state);
}

/**
 * State that only carries the visitor's answers along, for links between
 * screens (footer links, 'Forgot password?', Sign In / Create Account).
 */
export function carryAnswers(answers: Answers | undefined): NavigationState | undefined {
  return answers ? { answers } : undefined;
}
