import { SESSION_INVALID_MESSAGE } from '@admissions/domain';
import type { NavigationState } from '../../lib/navigation-state';
import { leaveForLogin } from './leave-for-login';

type Navigate = (to: string, options: { state: NavigationState }) => unknown;

/** SPEC section 8: on a 401, forget the user's data and send them to /login with the session message. */
export function handleUnauthorized(navigate: Navigate): void {
  void leaveForLogin(navigate, { errorMessage: SESSION_INVALID_MESSAGE });
}
