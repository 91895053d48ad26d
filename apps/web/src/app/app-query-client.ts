import type { QueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from '../features/session/handle-unauthorized';
import type { NavigationState } from '../lib/navigation-state';
import { createQueryClient } from '../lib/query-client';

interface Navigator {
  navigate: (to: string, options: { state: NavigationState }) => unknown;
}

/** The query client, with 401s routed through the given router to /login. */
export function createAppQueryClient(router: Navigator): QueryClient {
  const queryClient: QueryClient = createQueryClient({
    onUnauthorized: () => handleUnauthorized((to, options) => router.navigate(to, options)),
  });
  return queryClient;
}
