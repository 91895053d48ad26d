import type { QueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from '../shared/session/handle-unauthorized';
import { createQueryClient } from '../lib/query-client';

interface History {
  push: (to: string, state?: unknown) => void;
}

/** The query client, with 401s sent through the app's history to /login. */
export function createAppQueryClient(history: History): QueryClient {
  const queryClient: QueryClient = createQueryClient({
    onUnauthorized: () => handleUnauthorized((to, options) => history.push(to, options.state)),
  });
  return queryClient;
}
