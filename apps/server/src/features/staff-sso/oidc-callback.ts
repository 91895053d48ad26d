import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../session/secrets';
import { recordStaffSignInFailure } from '../../session/staff-sign-in';
import { isSameBrowser, OIDC_REQUEST_TTL_MS } from './oidc-browser';
import type { OidcProvider } from './oidc-discovery';
import { OIDC_CALLBACK_PATH, type OidcRequest } from './oidc-login';
import { signInWithSso } from './sso-sign-in';
import { takeSsoRequest } from './sso-requests';

/** Why a sign-in through the provider was refused: the audit row's detail.reason. */
export type OidcFailure =
  | 'bad-state'
  | 'expired-state'
  | 'other-browser'
  | 'idp-refused'
  | 'bad-nonce'
  | 'token-rejected'
  | 'provider-unavailable'
  | 'no-claim'
  | 'email-not-verified';

/** A refusal on the way: audited by the callback, shown to the browser as SSO_FAILED. */
class OidcRefusal extends Error {
  constructor(
    readonly reason: OidcFailure,
    readonly who?: string,
  ) {
    super(reason);
  }
}

/**
 * GET /auth/staff/oidc/callback: the provider's answer. The state must be one this server kept, unused (its row is
 * deleted as it is read), started in this browser and less than 10 minutes ago; openid-client then redeems the
 * code with the PKCE verifier and checks the ID token's signature, iss, aud, exp, iat and nonce. The member is
 * matched by the configured claim (the e-mail address only when the provider says it is verified). Every refusal
 * is audited and answered with a page (no session is started); success lands on the page the sign-in asked for.
 */
export async function finishOidcLogin(
  deps: AppDeps,
  discover: () => Promise<OidcProvider>,
  request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  try {
    const kept = await keptRequest(deps, request);
    const provider = await discover().catch(() => {
      throw new OidcRefusal('provider-unavailable');
    });
    const { claims, accessToken } = await redeem(deps, provider, request, kept);
    const email = await memberClaim(deps, provider, claims, accessToken);
    await signInWithSso(deps, request, reply, {
      method: 'oidc',
      email,
      issuer: claims.iss,
      sub: claims.sub,
      sid: typeof claims.sid === 'string' ? claims.sid : undefined,
    });
    return reply.header('cache-control', 'no-store').redirect(kept.return_to, 303);
  } catch (err) {
    if (!(err instanceof OidcRefusal)) throw err;
    const issuer = deps.config.staffAuth.oidc!.issuer.href;
    await recordStaffSignInFailure(deps.db, { email: err.who ?? issuer }, 'oidc', err.reason, deps.clock.now());
    request.log.info({ reason: err.reason }, 'staff OpenID sign-in refused');
    throw new AppError('SSO_FAILED');
  }
}

/** The state's row: ours, unused, from this browser, and recent; else a refusal. */
async function keptRequest(
  deps: AppDeps,
  request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
) {
  const state: unknown = request.query.state;
  if (typeof state !== 'string' || !state || state.length > 200) throw new OidcRefusal('bad-state');
  const row = await takeSsoRequest(deps.db, 'oidc', hashToken(state));
  if (!row) throw new OidcRefusal('bad-state');
  if (deps.clock.now().getTime() - row.createdAt.getTime() > OIDC_REQUEST_TTL_MS)
    throw new OidcRefusal('expired-state');
  const kept = JSON.parse(row.value) as OidcRequest;
  if (!isSameBrowser(request, deps, kept.browser)) throw new OidcRefusal('other-browser');
  // The person cancelled at the provider, or it refused them: no code to redeem.
  if (request.query.error) throw new OidcRefusal('idp-refused');
  return kept;
}

/** The code redeemed and the ID token's claims, every check done by openid-client. */
async function redeem(
  deps: AppDeps,
  provider: OidcProvider,
  request: FastifyRequest,
  kept: OidcRequest,
): Promise<{ claims: oidc.IDToken; accessToken: string }> {
  // The URL the provider sent the browser to, as registered (PUBLIC_URL): openid-client takes redirect_uri from it.
  const at = request.url.indexOf('?');
  const query = at >= 0 ? request.url.slice(at) : '';
  const currentUrl = new URL(`${OIDC_CALLBACK_PATH}${query}`, deps.config.publicUrl);
  try {
    const tokens = await oidc.authorizationCodeGrant(provider.config, currentUrl, {
      pkceCodeVerifier: kept.code_verifier,
      expectedState: new URLSearchParams(query).get('state') ?? undefined,
      expectedNonce: kept.nonce,
      idTokenExpected: true,
      ...(kept.fresh ? { maxAge: 0 } : {}),
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcRefusal('token-rejected');
    // The access token serves only the UserInfo call below, in this request; it is never stored.
    return { claims, accessToken: tokens.access_token };
  } catch (err) {
    if (err instanceof OidcRefusal) throw err;
    request.log.info({ err: describe(err) }, 'the OpenID provider answer was refused');
    throw new OidcRefusal(failureOf(err));
  }
}

/**
 * The value that names the member: the configured claim, from the ID token or else from UserInfo (providers that
 * keep the ID token short send the address there). The e-mail address counts only when email_verified is true.
 */
async function memberClaim(
  deps: AppDeps,
  provider: OidcProvider,
  claims: oidc.IDToken,
  accessToken: string,
): Promise<string> {
  const { claim } = deps.config.staffAuth.oidc!;
  const who = `${claims.iss} ${claims.sub}`.slice(0, 300);
  let source: Record<string, unknown> = claims;
  if (claims[claim] === undefined && provider.config.serverMetadata().userinfo_endpoint) {
    source = await oidc.fetchUserInfo(provider.config, accessToken, claims.sub).catch(() => {
      throw new OidcRefusal('token-rejected', who);
    });
  }
  const value = source[claim];
  if (typeof value !== 'string' || value === '') throw new OidcRefusal('no-claim', who);
  if (claim === 'email' && source.email_verified !== true) throw new OidcRefusal('email-not-verified', who);
  return value;
}

/** Which check failed, from openid-client's error (its cause names the claim compared). */
function failureOf(err: unknown): OidcFailure {
  if (err instanceof oidc.AuthorizationResponseError) return 'idp-refused';
  if (err instanceof TypeError && !(err instanceof oidc.ClientError)) return 'provider-unavailable';
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const cause = e.cause as { claim?: unknown } | undefined;
    if (cause && typeof cause === 'object' && cause.claim === 'nonce') return 'bad-nonce';
  }
  return 'token-rejected';
}

/** An error for the log: its name, code and message, never the tokens some causes carry. */
function describe(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  return { name: err.name, code: (err as { code?: unknown }).code, message: err.message };
}
