import { hasLoginCookie } from './login-cookie';

/**
 * The login cookie changes without telling anyone (a login, a logout, expiry,
 * another tab), so readers subscribe here and are told to look again after our
 * own logins and logouts and whenever the tab comes back into view.
 */
const listeners = new Set<() => void>();

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/**
 * The answer of the last look, kept until the current task's microtasks have
 * run. Reading document.cookie asks the browser's cookie store each time, and
 * one render of a form page asked dozens of times (every reader of
 * useIsLoggedIn, in its render and again in its effects): a tenth of the task
 * that first draws the page, on a phone. A login or logout made here forgets
 * it at once (refreshSession).
 */
let lastLook: boolean | undefined;

export function isLoggedInNow(): boolean {
  if (lastLook === undefined) {
    lastLook = hasLoginCookie(document.cookie);
    queueMicrotask(() => (lastLook = undefined));
  }
  return lastLook;
}

/** Call after a login or logout so every reader recomputes the logged-in state. */
export function refreshSession(): void {
  lastLook = undefined;
  for (const listener of listeners) listener();
}
