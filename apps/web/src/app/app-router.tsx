import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, type HistoryRouterProps, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { routeCode } from './routes';

/** The browser's history, or an in-memory one in tests; made with v5Compat so that every move is heard. */
export type AppHistory = HistoryRouterProps['history'];

type Shown = Pick<AppHistory, 'action' | 'location'> & { error?: unknown };

/**
 * React Router's declarative router on a history of our own (so that a 401 can
 * move to /login from outside React), which moves to a page only once its code
 * has arrived: until then the current screen stays, as the data router did.
 * Suspense cannot do this here: Preact has no transitions, and would blank the
 * screen. A page whose code cannot be fetched is shown as the error screen
 * (`error`, thrown below the route error boundary by AppRoutes).
 */
export function AppRouter({
  history,
  routes,
  children,
}: {
  history: AppHistory;
  routes: RouteObject[];
  children: (error: unknown) => ReactNode;
}) {
  const [shown, setShown] = useState<Shown | undefined>(() =>
    routeCode(history.location.pathname, routes) ? undefined : { action: history.action, location: history.location },
  );
  const latest = useRef(0);

  useLayoutEffect(() => {
    const show = ({ action, location }: Shown) => {
      const move = ++latest.current;
      const code = routeCode(location.pathname, routes);
      if (!code) return setShown({ action, location });
      code.then(
        () => move === latest.current && setShown({ action, location }),
        (error: unknown) => move === latest.current && setShown({ action, location, error }),
      );
    };
    // The first page, when its code was not here at the first render; a move before this effect ran, too.
    if (!shown || shown.location.key !== history.location.key) show(history);
    return history.listen(show);
    // Only on mount (and a new history): later moves come through listen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history, routes]);

  if (!shown) return <PageLoading />;
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      {children(shown.error)}
    </Router>
  );
}
