import type { SharedActivity } from './inactivity-clock';

/**
 * The server session is shared by every tab of the site. Without this, a tab
 * left idle in the background would log out (ending the session for all
 * tabs) while the user is typing in another one. Each tab records its last
 * activity here and counts idle time from the latest activity of any tab.
 */
export const SHARED_ACTIVITY_KEY = 'admissions.inactivity.last-activity';

export const localStorageActivity: SharedActivity = {
  read() {
    try {
      const value = Number(window.localStorage.getItem(SHARED_ACTIVITY_KEY));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    } catch {
      // Storage can be disabled (privacy settings); each tab then counts alone.
      return undefined;
    }
  },
  write(at) {
    try {
      window.localStorage.setItem(SHARED_ACTIVITY_KEY, String(at));
    } catch {
      // As above: full or disabled storage only loses the sharing.
    }
  },
};
