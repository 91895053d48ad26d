import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import type { AppDeps } from '../../app-deps';
import type { Clock } from '../../infra/clock';
import type { SamlIdp } from './saml-idp-metadata';
import { SAML_REQUEST_TTL_MS, samlRequestStore } from './saml-request-store';

export const SAML_METADATA_PATH = '/auth/staff/saml/metadata';
export const SAML_LOGIN_PATH = '/auth/staff/saml/login';
export const SAML_ACS_PATH = '/auth/staff/saml/acs';

/** The clocks of the IdP and of this server may differ by this much. */
const ACCEPTED_CLOCK_SKEW_MS = 60_000;

/** This service provider's names: its entity id (where its metadata is) and its assertion consumer service. */
export function serviceProviderOf(publicUrl: URL): { entityId: string; acsUrl: string } {
  const base = publicUrl.origin + publicUrl.pathname.replace(/\/$/, '');
  return { entityId: base + SAML_METADATA_PATH, acsUrl: base + SAML_ACS_PATH };
}

/**
 * node-saml reads the real clock for NotBefore and NotOnOrAfter (it takes no clock). Its one check of a time
 * window is a protected method, so this subclass judges the window by the app's clock instead: the product's
 * other expiries follow deps.clock, and the tests move it. (The AuthnRequest's IssueInstant stays node-saml's.)
 */
class ClockedSaml extends SAML {
  constructor(
    config: SamlConfig,
    private readonly clock: Clock,
  ) {
    super(config);
  }

  protected override checkTimestampsValidityError(
    _nowMs: number,
    notBefore: string,
    notOnOrAfter: string,
    maxTimeLimitMs?: number,
  ): Error | null {
    return super.checkTimestampsValidityError(this.clock.now().getTime(), notBefore, notOnOrAfter, maxTimeLimitMs);
  }
}

/**
 * The service provider: it asks for nothing the IdP may not give (no NameID format, no authentication context:
 * the IdP owns how its people prove who they are), and accepts only an assertion signed by the IdP's metadata
 * certificate, for this audience, within its times, answering a request this product sent (InResponseTo, always).
 * The recipient, the issuer and replays are checked by the ACS route (node-saml does not check them).
 */
/**
 * `forceAuthn`: the IdP must ask the person again even when it has a session of its own (ForceAuthn="true"), for
 * the fresh sign-in that the riskiest actions ask for (issue 44); node-saml takes it per client, not per request.
 */
export function samlClient(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  idp: SamlIdp,
  { forceAuthn = false }: { forceAuthn?: boolean } = {},
): SAML {
  const sp = serviceProviderOf(deps.config.publicUrl);
  return new ClockedSaml(
    {
      issuer: sp.entityId,
      audience: sp.entityId,
      callbackUrl: sp.acsUrl,
      entryPoint: idp.ssoUrl,
      idpIssuer: idp.entityId,
      idpCert: idp.certificates,
      wantAssertionsSigned: true,
      // Most IdPs sign the assertion alone; its signature is what is checked, whatever wraps it.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: samlRequestStore(deps),
      acceptedClockSkewMs: ACCEPTED_CLOCK_SKEW_MS,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      forceAuthn,
    },
    deps.clock,
  );
}

export { ACCEPTED_CLOCK_SKEW_MS };
