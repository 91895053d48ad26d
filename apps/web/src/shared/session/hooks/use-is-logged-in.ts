import { useSyncExternalStore } from 'react';
import { isLoggedInNow, subscribeToSession } from '../session-store';

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isLoggedInNow);
}
