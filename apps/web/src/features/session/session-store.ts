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

export function isLoggedInNow(): boolean {
  return hasLoginCookie(document.cookie);
}

/** Call after a login or logout so every reader recomputes the logged-in state. */
export function refreshSession(): void {
  for (const listener of listeners) listener();
}
