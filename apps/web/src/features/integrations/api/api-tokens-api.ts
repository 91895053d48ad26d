import type { ApiToken, ApiTokenScope, ApiTokensResponse, CreatedApiToken } from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnauthorizedError } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/use-mutation';

/**
 * The API tokens IT's systems call /api/v1 with (issue 45), managed by administrators: created (the secret answered
 * this once), listed and revoked.
 */
export const API_TOKENS_PATH = '/api/staff/api-tokens';
export const apiTokensKey = ['staff', 'integrations', 'api-tokens'] as const;

/** A refusal (403 without the right) is shown in the page, by its code; a 401 still takes the app to login. */
export const refusalInPage = {
  throwOnError: (error: Error) => !(error instanceof UnauthorizedError) && !('status' in error),
  staleTime: 0,
  refetchOnMount: 'always' as const,
};

/** GET /api/staff/api-tokens. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensKey,
    queryFn: () => api.get<ApiTokensResponse>(API_TOKENS_PATH),
    ...refusalInPage,
  });
}

/** What the dialog sends: `programs` and `expires_at` (ISO with its offset) only when limited. */
export interface ApiTokenDraft {
  name: string;
  scopes: ApiTokenScope[];
  programs?: string[];
  expires_at?: string;
}

/** POST /api/staff/api-tokens: the new token (with its secret, which the list never shows) goes into the list. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ApiTokenDraft) => api.post<CreatedApiToken>(API_TOKENS_PATH, draft),
    onSuccess: async (created) => {
      const { secret: _secret, ...token } = created;
      queryClient.setQueryData<ApiTokensResponse>(apiTokensKey, (list) =>
        list ? { tokens: [token, ...list.tokens.filter((t) => t.id !== token.id)] } : list,
      );
      await queryClient.invalidateQueries({ queryKey: apiTokensKey });
    },
  });
}

/** DELETE /api/staff/api-tokens/{id}: the token stops working at its next call; the list shows it revoked. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => api.delete<unknown>(`${API_TOKENS_PATH}/${encodeURIComponent(token.id)}`),
    // Not awaited: the dialog closes (and gives focus on) before the list, redrawn, takes its button away.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
