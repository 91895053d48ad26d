import type { QueryClient } from '@tanstack/react-query';
// From the package root rather than 'react-router/dom': that entry only adds
// flushSync support (unused here), and under Vitest it resolves to a second
// copy of the router whose contexts the hooks in our code cannot see.
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppRouter, type AppHistory } from './app-router';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes as appRoutes } from './routes';

export type { AppHistory } from './app-router';

/**
 * The app on React Router's declarative routes: its data router (loaders,
 * actions, fetchers) is unused here and was the largest part of every first
 * load (docs/decisions/025-declarative-routes-and-page-data.md).
 */
export function App({
  history,
  queryClient,
  routes = appRoutes,
}: {
  history: AppHistory;
  queryClient: QueryClient;
  routes?: RouteObject[];
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter history={history} routes={routes}>
        {(error) => <AppRoutes routes={routes} error={error} />}
      </AppRouter>
    </AppProviders>
  );
}

function AppRoutes({ routes, error }: { routes: RouteObject[]; error: unknown }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key}>
      <Screen routes={routes} error={error} />
    </RouteErrorBoundary>
  );
}

/** The route's screen, or the error that kept its code from arriving, for the boundary to show. */
function Screen({ routes, error }: { routes: RouteObject[]; error: unknown }) {
  const element = useRoutes(routes);
  if (error !== undefined) throw error;
  return element;
}
