import type { QueryClient } from '@tanstack/react-query';
// From the package root rather than 'react-router/dom': that entry only adds
// flushSync support (unused here), and under Vitest it resolves to a second
// copy of the router whose contexts the hooks in our code cannot see.
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
