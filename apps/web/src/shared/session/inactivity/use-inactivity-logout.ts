import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { NavigationState } from '../../../lib/navigation-state';
import { logout } from '../api/session-api';
import { runBeforeLogout } from '../before-logout';
import { leaveForLogin } from '../leave-for-login';

/** SPEC section 4: shown on /login (as its error alert) after the automatic logout. */
export const INACTIVITY_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';

/** 'timeout': the time ran out. 'user': the user chose 'No - Please log me out' in the warning. */
export type InactivityLogoutReason = 'timeout' | 'user';

/**
 * Logs out on behalf of the inactivity feature: first the registered
 * before-logout work (unsaved answers), then GET /api/logout, then the same
 * clean-up as any logout (user queries, login marker, session readers) and
 * /login. Runs once even if asked twice (the timeout during a 'No').
 *
 * The server may have forgotten the session already (a tab frozen for an
 * hour): a 401, or any other failure, of the logout call does not stop the
 * local logout. The call is made directly, not as a mutation, so its 401
 * does not take the app-wide unauthorized path with its own message.
 */
export function useInactivityLogout(): (reason: InactivityLogoutReason) => Promise<void> {
  const navigate = useNavigate();
  const running = useRef(false);

  return useCallback(
    async (reason) => {
      if (running.current) return;
      running.current = true;
      try {
        await runBeforeLogout();
        let serverMessage: string | undefined;
        try {
          serverMessage = (await logout()).message;
        } catch {
          // See above: the user is logged out locally in any case.
        }
        const state: NavigationState =
          reason === 'timeout'
            ? { errorMessage: INACTIVITY_LOGOUT_MESSAGE }
            : serverMessage
              ? { message: serverMessage }
              : {};
        await leaveForLogin(navigate, state);
      } finally {
        running.current = false;
      }
    },
    [navigate],
  );
}
