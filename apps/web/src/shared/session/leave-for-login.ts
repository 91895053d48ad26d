import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { NavigationState } from '../../lib/navigation-state';
import { clearUserQueries } from '../../lib/query-client';
import { expireLoginCookies } from './login-cookie';
import { refreshSession } from './session-store';

type Navigate = (to: string, options: { state: NavigationState }) => unknown;

let endPending = false;
/** Whoever waits for the end of this session: told once /login is on screen. */
let whenEnded: (() => void)[] = [];

/**
 * Ends the session in this tab and shows /login with the given message. The
 * user is forgotten only once /login is on screen (see useEndSessionOnLogin):
 * forgetting them while a form page is still rendered would let that page's
 * own redirect rules (a visitor has no /completion) send them elsewhere.
 */
export function leaveForLogin(navigate: Navigate, state: NavigationState): Promise<void> {
  endPending = true;
  // Settles once /login is on screen, which may be after its code has arrived: until then a logout in
  // progress stays in progress (its button disabled), rather than inviting a second one.
  const ended = new Promise<void>((resolve) => whenEnded.push(resolve));
  navigate('/login', { state });
  return ended;
}

/** Whether a logout is on its way to /login (the user is still logged in until it has rendered). */
export function isLeavingForLogin(): boolean {
  return endPending;
}

function endSession(queryClient: QueryClient) {
  clearUserQueries(queryClient);
  expireLoginCookies();
  refreshSession();
}

/** Mounted once in the site layout: finishes a pending logout when /login has rendered. */
export function useEndSessionOnLogin(): void {
  // The key changes with every move, also a move to /login from /login.
  const { pathname, key } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (pathname !== '/login' || !endPending) return;
    endPending = false;
    endSession(queryClient);
    const waiting = whenEnded;
    whenEnded = [];
    for (const resolve of waiting) resolve();
  }, [pathname, key, queryClient]);
}
