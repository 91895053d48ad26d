import type { QueryClient } from '@tanstack/react-query';
import type { NavigationState } from '../../lib/navigation-state';
import { clearUserQueries } from '../../lib/query-client';
import { expireLoginCookies } from './login-cookie';
import { refreshSession } from './session-store';

type Navigate = (to: string, options: { state: NavigationState }) => unknown;

/**
 * Ends the session in this tab and shows /login with the given message. The
 * move comes first: forgetting the user while a form page is still on screen
 * would let that page's own redirect rules (a visitor has no /completion)
 * take the user somewhere else before /login.
 */
export async function leaveForLogin(queryClient: QueryClient, navigate: Navigate, state: NavigationState): Promise<void> {
  await navigate('/login', { state });
  clearUserQueries(queryClient);
  expireLoginCookies();
  refreshSession();
}
