// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types; this brings ours to any program importing this file (e2e too)
/// <reference path="./oidc-provider-types.d.ts" />
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { Provider, type KoaContext, type ProviderContext } from 'oidc-provider';

/** A person the test provider knows: they sign in on its page with their `sub` as the login (any password). */
export interface OidcPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProviderOptions {
  /** The app's PUBLIC_URL: the client's redirect, post-logout and back-channel logout URIs are under it. */
  publicUrl: string;
  people: OidcPerson[];
  clientId?: string;
  clientSecret?: string;
  /** False: the ID token carries only `sub` and the like, the address comes from UserInfo (default true). */
  claimsInIdToken?: boolean;
}

/** What the next ID token becomes: other claims, and signed by the provider's key or by a key it never published. */
export interface IdTokenChange {
  claims?: (claims: JWTPayload) => JWTPayload;
  signWithOtherKey?: boolean;
  /** Not signed at all (alg "none"). */
  unsigned?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A logout token (Back-Channel Logout 1.0) for this client, signed by the provider; `undefined` claims are left out. */
  signLogoutToken(claims: Record<string, unknown>, options?: { otherKey?: boolean }): Promise<string>;
  /** Changes the ID token of the next token response only (a forged, expired or foreign token). */
  changeNextIdToken(change: IdTokenChange): void;
  /** While true, every request to the provider answers 503 (a provider that is down, yet on its port). */
  setUnavailable(unavailable: boolean): void;
  close(): Promise<void>;
}

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * A certified OpenID provider (oidc-provider) on a loopback port chosen at run time, for server tests and the
 * browser journeys: one client for the app, the people given, its own login page (devInteractions: any
 * password), RP-initiated and back-channel logout. Its signing key is made at start, so tests can also sign
 * tokens with it, or with another key it never published.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'admissions-portal';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signing = await signingKey('provider-key');
  const other = await signingKey('provider-key');
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  let nextIdToken: IdTokenChange | undefined;
  let unavailable = false;

  const provider = quietly(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [`${publicUrl}/auth/staff/oidc/callback`],
            post_logout_redirect_uris: [`${publicUrl}/login`],
            backchannel_logout_uri: `${publicUrl}/auth/staff/oidc/backchannel-logout`,
            backchannel_logout_session_required: true,
          },
        ],
        jwks: { keys: [signing.privateJwk] },
        cookies: { keys: [randomBytes(24).toString('base64url')] },
        findAccount: (_ctx: unknown, id: string) => {
          const person = options.people.find((p) => p.sub === id);
          return person && { accountId: person.sub, claims: () => ({ ...person }) };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // The scopes' claims in the ID token itself, as most campus providers send the address (or only in UserInfo).
        conformIdTokenClaims: options.claimsInIdToken === false,
        // The app is a first-party client: no consent screen.
        loadExistingGrant: autoGrant,
        features: {
          devInteractions: { enabled: true },
          backchannelLogout: { enabled: true },
          rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
        },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        renderError: (ctx: KoaContext, out: { error?: string }) => {
          ctx.type = 'html';
          ctx.body = page('Error', `<h1>${escape(out.error ?? 'error')}</h1>`);
        },
        // The app under test listens on loopback too: let the back-channel reach it (oidc-provider refuses
        // special-use addresses by default).
        fetch: (url: string, init: RequestInit & { dispatcher?: unknown }) => {
          delete init.dispatcher;
          return fetch(url, init);
        },
      }),
  );
  // A test that asked for it changes the next ID token as it leaves the token endpoint, re-signed.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!nextIdToken || ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200 || !body?.id_token) return;
    const change = nextIdToken;
    nextIdToken = undefined;
    const claims = change.claims ? change.claims(decodeJwt(body.id_token)) : decodeJwt(body.id_token);
    body.id_token = change.unsigned
      ? new UnsecuredJWT(claims).encode()
      : await sign(claims, change.signWithOtherKey ? other : signing);
  });
  // A back-channel logout the app under test cannot receive (a test app has no port) is no failure of the test.
  provider.on('backchannel.error', () => {});
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!unavailable) return handle(req, res);
    res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signLogoutToken(claims, { otherKey = false } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const all: Record<string, unknown> = {
        iss: issuer,
        aud: clientId,
        iat: now,
        exp: now + 120,
        jti: randomUUID(),
        events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
        ...claims,
      };
      for (const key of Object.keys(all)) if (all[key] === undefined) delete all[key];
      return sign(all, otherKey ? other : signing, 'logout+jwt');
    },
    changeNextIdToken(change) {
      nextIdToken = change;
    },
    setUnavailable(value) {
      unavailable = value;
    },
    close: () => closeServer(server),
  };
}

interface SigningKey {
  privateJwk: JWK;
  key: CryptoKey | Uint8Array;
  kid: string;
}

/** An RS256 key; two keys made with the same kid differ only in what they sign, as a forger's would. */
async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateJwk, key: await importJWK(privateJwk, 'RS256'), kid };
}

function sign(claims: JWTPayload, key: SigningKey, typ?: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, ...(typ ? { typ } : {}) }).sign(key.key);
}

async function autoGrant(ctx: ProviderContext) {
  const { client, session, result, provider } = ctx.oidc;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) return provider.Grant.find(grantId);
  const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}

function logoutSource(ctx: KoaContext, form: string) {
  ctx.body = page(
    'Sign out',
    `<h1>Sign out of the test provider?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContext) {
  ctx.body = page('Signed out', '<h1>You are signed out</h1>');
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
}

/**
 * oidc-provider warns, on stderr, that its in-memory store and its own login page are for development: here they
 * are what a test provider is, so the warnings are kept out of the test runs' output.
 */
function quietly<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}
