import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';
import type { StaffOidcConfig } from '../../config';
import { AppError } from '../../http/app-error';

/** How long the provider has to answer its metadata (and, after, each call: openid-client keeps the timeout). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A browser told the provider is down may try again soon: discovery is retried at the next request. */
const RETRY_AFTER_SECONDS = 30;

/** The provider as discovered: openid-client's configuration and the provider's keys for logout tokens. */
export interface OidcProvider {
  config: oidc.Configuration;
  issuer: string;
  /** The provider's signing keys (its jwks_uri), fetched when first needed and again for an unknown key id. */
  keys: ReturnType<typeof createRemoteJWKSet>;
}

/**
 * The provider's metadata, discovered at its first use and kept: the app starts (and applicants sign in) while the
 * campus provider is down. A failed discovery is not kept, so the next staff sign-in tries again; meanwhile
 * the browser is told 503 SERVICE_UNAVAILABLE.
 */
export function oidcDiscovery(settings: StaffOidcConfig): (log: FastifyBaseLogger) => Promise<OidcProvider> {
  let pending: Promise<OidcProvider> | undefined;
  return (log) => {
    pending ??= discover(settings).catch((err: unknown) => {
      pending = undefined;
      log.warn({ err, issuer: settings.issuer.href }, 'the OpenID provider could not be discovered');
      throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_SECONDS });
    });
    return pending;
  };
}

async function discover(settings: StaffOidcConfig): Promise<OidcProvider> {
  // Tokens and codes travel over TLS, except to a provider on this machine (config.ts allows only that).
  // openid-client trusts an ID token from the token endpoint by TLS alone unless asked: its signature is checked
  // against the provider's published keys too, so a forged or unsigned token is refused whatever the transport.
  const execute = [
    oidc.enableNonRepudiationChecks,
    ...(isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : []),
  ];
  const config = await oidc.discovery(
    settings.issuer,
    settings.clientId,
    { client_secret: settings.clientSecret },
    // The client's authentication at the token endpoint: HTTP Basic, the default of OpenID Connect's registration.
    oidc.ClientSecretBasic(settings.clientSecret),
    { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
  );
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new Error('the OpenID provider names no jwks_uri');
  return {
    config,
    issuer: metadata.issuer,
    keys: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_SECONDS * 1000 }),
  };
}

export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}
