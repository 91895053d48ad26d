import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from './api-errors';

interface QueryClientOptions {
  /** Called for every 401, from queries and mutations alike. */
  onUnauthorized: () => void;
}

/**
 * SPEC section 7: no retry, nothing goes stale or is collected, no refetch on
 * focus or mount, and query errors go to the error boundary. A 401 is not a
 * crash: it takes the unauthorized path (clear the cache, go to /login) instead.
 * Mutation errors stay with the caller, which shows them (e.g. as a toast).
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof UnauthorizedError) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        throwOnError: (error) => !(error instanceof UnauthorizedError),
      },
      mutations: { retry: false },
    },
  });
}
