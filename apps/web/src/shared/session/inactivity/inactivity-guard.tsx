import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { UnauthorizedError } from '../../../lib/api-errors';
import { handleUnauthorized } from '../handle-unauthorized';
import { useIsLoggedIn } from '../hooks/use-is-logged-in';
import { useIsServiceUser } from '../hooks/use-is-service-user';
import { isLoggedInNow } from '../session-store';
import { keepAlive } from './keep-alive';
import { StillWorkingDialog } from './still-working-dialog';
import { useInactivity } from './use-inactivity';
import { useInactivityLogout } from './use-inactivity-logout';

/**
 * SPEC section 4 'Inactivity', mounted once inside the router (site layout).
 * Renders nothing but the warning dialog, and only while logged in; the
 * staff print rendering (?service_token=) has no timer.
 */
export function InactivityGuard() {
  const isLoggedIn = useIsLoggedIn();
  const isServiceUser = useIsServiceUser();
  const navigate = useNavigate();
  const logOut = useInactivityLogout();
  const [loggingOut, setLoggingOut] = useState(false);

  const onKeepAlive = useCallback(() => {
    keepAlive().catch((error: unknown) => {
      // The server no longer knows the session (e.g. its absolute limit): the usual 401 path, before more typing is lost.
      // Not once logged out meanwhile (an answer arriving after the logout): that logout's message stands.
      if (error instanceof UnauthorizedError && isLoggedInNow()) handleUnauthorized(navigate);
      // Anything else (offline, server error) is left alone: the next keep-alive or save tries again.
    });
  }, [navigate]);

  const onTimeout = useCallback(() => void logOut('timeout'), [logOut]);

  const inactivity = useInactivity({ enabled: isLoggedIn && !isServiceUser, onTimeout, onKeepAlive });

  const onLogOut = () => {
    inactivity.stop();
    setLoggingOut(true);
    void logOut('user').finally(() => setLoggingOut(false));
  };

  return (
    <StillWorkingDialog
      open={inactivity.phase === 'warning'}
      onStay={inactivity.stayLoggedIn}
      onLogOut={onLogOut}
      loggingOut={loggingOut}
    />
  );
}
