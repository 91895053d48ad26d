import { LOGIN_MARKER_COOKIE } from '@admissions/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createAppQueryClient } from '../app/app-query-client';
import { routes } from '../app/routes';
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
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, state }],
  });
  const queryClient = createAppQueryClient(router);
  // No pause between keystrokes: the screens do not depend on typing speed, and tests stay fast.
  const user = userEvent.setup({ delay: null });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, user, router, queryClient };
}

/** As the server does after a login: the readable marker next to the HttpOnly session. */
export function setLoggedInCookie(): void {
  document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
}
