import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ServerError, UnauthorizedError } from './api-errors';
import { pinApplication } from './application-id';

/**
 * First element of the key of every query that holds no user data (e.g. the
 * institution's text). Those survive a logout; everything else is dropped.
 */
export const PUBLIC_QUERY_SCOPE = 'public';

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
        // A refused application (APPLICATION_CHANGED) is no crash either: the page says so and offers a reload.
        throwOnError: (error) => !(error instanceof UnauthorizedError) && !isApplicationChanged(error),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Forget everything that belongs to the user who was logged in. The public
 * queries stay: they are the same for everyone, and dropping them would blank
 * the whole page (header, footer) while they load again.
 */
export function clearUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_SCOPE });
  queryClient.getMutationCache().clear();
  // The next user's first answer names their application.
  pinApplication(null);
}

/**
 * The page now shows another application (`id`, or null for the session's current one, which the next answer
 * names): everything held of the user is asked again, and the form's layout starts its state afresh from the new
 * profile (issue 42; a new cycle's application, decision 052). The public queries stay, as at a logout.
 */
export function resetApplicationQueries(queryClient: QueryClient, id: string | null): Promise<void> {
  pinApplication(id);
  return queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_SCOPE });
}

function isApplicationChanged(error: Error): boolean {
  return error instanceof ServerError && error.code === 'APPLICATION_CHANGED';
}
