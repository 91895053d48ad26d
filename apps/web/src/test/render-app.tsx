import { LOGIN_MARKER_COOKIE } from '@admissions/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type InitialEntry } from 'react-router';
import { App, type AppHistory } from '../app/app';
import { createAppQueryClient } from '../app/app-query-client';
import type { NavigationState } from '../lib/navigation-state';

interface RenderAppOptions {
  /** Navigation state of the first history entry. */
  state?: NavigationState;
}

/**
 * The whole app, built as in production (same routes, providers and query
 * client), on an in-memory history starting at `path` (which may include a
 * query string).
 */
export function renderApp(path: string, { state }: RenderAppOptions = {}) {
  const url = new URL(path, 'http://localhost');
  const { history, router } = memoryRouter([{ pathname: url.pathname, search: url.search, state }]);
  const queryClient = createAppQueryClient(history);
  // No pause between keystrokes: the screens do not depend on typing speed, and tests stay fast.
  const user = userEvent.setup({ delay: null });
  const view = render(<App history={history} queryClient={queryClient} />);
  return { ...view, user, router, queryClient };
}

/**
 * An in-memory history for the app, and what tests read of it as `router`:
 * where the app is now (`state.location`), how it got there
 * (`state.historyAction`), and a way to move as a link would.
 */
export function memoryRouter(initialEntries: InitialEntry[]) {
  const history: AppHistory = createMemoryHistory({ initialEntries, v5Compat: true });
  const router = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: (to: string) => history.push(to),
  };
  return { history, router };
}

/** As the server does after a login: the readable marker next to the HttpOnly session. */
export function setLoggedInCookie(): void {
  document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
}
