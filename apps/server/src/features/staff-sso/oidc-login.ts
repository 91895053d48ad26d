import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { hashToken } from '../../session/secrets';
import { bindBrowser, OIDC_REQUEST_TTL_MS } from './oidc-browser';
import type { OidcProvider } from './oidc-discovery';
import { forgetSsoRequestsBefore, keepSsoRequest } from './sso-requests';

export const OIDC_CALLBACK_PATH = '/auth/staff/oidc/callback';
/** Where a staff member lands after signing in, unless the console asked for a page of its own. */
export const DEFAULT_RETURN_TO = '/staff';

/** What the state's row keeps (JSON in staff_sso_requests.value): the checks of the answer, and where to go after. */
export interface OidcRequest {
  nonce: string;
  code_verifier: string;
  /** sha-256 of the browser binding cookie (oidc-browser.ts). */
  browser: string;
  return_to: string;
  /** A fresh sign-in (prompt=login, max_age=0): the ID token's auth_time is checked against it. */
  fresh: boolean;
}

/**
 * GET /auth/staff/oidc/login: the authorization code flow with PKCE (S256), state and nonce. The state's hash
 * names a row that keeps the nonce, the PKCE verifier and the browser it was started in; the state itself travels
 * only through the provider. `?prompt=login` asks the provider to sign the person in again (a fresh sign-in for a
 * risky action); `?return_to=` a same-origin path to land on.
 */
export async function startOidcLogin(
  deps: AppDeps,
  provider: OidcProvider,
  request: FastifyRequest<{ Querystring: { return_to?: string; prompt?: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const now = deps.clock.now();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const fresh = request.query.prompt === 'login';
  const kept: OidcRequest = {
    nonce,
    code_verifier: codeVerifier,
    browser: bindBrowser(request, reply, deps),
    return_to: sameOriginPath(deps.config.publicUrl, request.query.return_to) ?? DEFAULT_RETURN_TO,
    fresh,
  };
  await forgetSsoRequestsBefore(deps.db, 'oidc', new Date(now.getTime() - OIDC_REQUEST_TTL_MS));
  await keepSsoRequest(deps.db, 'oidc', hashToken(state), JSON.stringify(kept), now);
  const url = oidc.buildAuthorizationUrl(provider.config, {
    redirect_uri: new URL(OIDC_CALLBACK_PATH, deps.config.publicUrl).href,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(fresh ? { prompt: 'login', max_age: '0' } : {}),
  });
  return reply.header('cache-control', 'no-store').redirect(url.href, 303);
}

/**
 * A page of the console to return to, or undefined: only a /staff path that stays on the public origin (no scheme,
 * no `//host`, no backslash a browser reads as a slash, no control character), so the sign-in is no open redirect.
 */
export function sameOriginPath(publicUrl: URL, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//'))
    return undefined;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return undefined;
  const url = new URL(value, publicUrl);
  if (url.origin !== publicUrl.origin || !/^\/staff(?:\/|$)/.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
