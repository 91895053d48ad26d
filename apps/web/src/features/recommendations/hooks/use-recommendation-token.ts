import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const TOKEN_PARAM = 'token';

/** Where the token goes once it is out of the address bar. */
interface TokenState {
  recommendationToken: string;
}

function tokenOfState(state: unknown): string {
  const token = (state as Partial<TokenState> | null)?.recommendationToken;
  return typeof token === 'string' ? token : '';
}

/**
 * The e-mailed link's token ('' when there is none). It is taken out of the
 * address bar at once, so it is not left in the browser's history, in a
 * screenshot or in the Referer of a link followed from the page; it moves to
 * this history entry's state, which stays in the tab (a reload still works)
 * and is never sent anywhere.
 */
export function useRecommendationToken(): string {
  const [params] = useSearchParams();
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get(TOKEN_PARAM) ?? tokenOfState(state));
  const inUrl = params.has(TOKEN_PARAM);

  useEffect(() => {
    if (!inUrl) return;
    const rest = new URLSearchParams(params);
    rest.delete(TOKEN_PARAM);
    const search = rest.toString();
    const kept: TokenState = { recommendationToken: token };
    void navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true, state: kept });
  }, [inUrl, params, pathname, token, navigate]);

  return token;
}
