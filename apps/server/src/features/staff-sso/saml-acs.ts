import type { Profile, SAML } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { wellFormed } from '../../http/input-guard';
import { recordStaffSignInFailure } from '../../session/staff-sign-in';
import {
  readPostedResponse,
  readSignedAssertion,
  refusalOf,
  SamlRefusal,
  type PostedResponse,
  type SignedAssertion,
} from './saml-assertion';
import { ACCEPTED_CLOCK_SKEW_MS, serviceProviderOf } from './saml-client';
import type { SamlIdp } from './saml-idp-metadata';
import { acceptOnce, alreadyAccepted } from './saml-replay';
import { SamlRequestStoreError } from './saml-request-store';
import { staffReturnPath } from './saml-return-to';
import { signInWithSso } from './sso-sign-in';

/** A simple address (local@domain.tld): a NameID of that shape stands in for a missing address attribute. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /auth/staff/saml/acs: the IdP's answer. node-saml checks the assertion's signature (by the metadata's
 * certificate), its audience, its times and that it answers a request this product sent (its id is then used up).
 * This adds what node-saml leaves out: the issuer is the IdP of the metadata, every bearer confirmation names this
 * ACS and the request answered, the Response's Destination (when given) is this ACS, and the assertion was never
 * accepted before. Then the member is matched by the configured attribute and signed in. Any refusal: an audit
 * row with its reason, no session, and a 400 page (403 for a person not on the team).
 */
export async function finishSamlLogin(
  deps: AppDeps,
  sp: { saml: SAML; idp: SamlIdp },
  request: FastifyRequest<{ Body: Record<string, string | undefined> | undefined }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const samlResponse = request.body?.SAMLResponse;
  let posted: PostedResponse | undefined;
  try {
    if (typeof samlResponse !== 'string' || samlResponse.length === 0) throw new SamlRefusal('invalid');
    posted = readPostedResponse(samlResponse);
    const profile = await verified(deps, sp, samlResponse, posted);
    await signInWithSso(deps, request, reply, {
      method: 'saml',
      email: addressOf(profile, deps.config.staffAuth.saml!.attribute),
      issuer: sp.idp.entityId,
      sub: profile.nameID,
      sid: typeof profile.sessionIndex === 'string' ? profile.sessionIndex : undefined,
    });
  } catch (err) {
    // signInWithSso's refusal (not a member) is audited by it, and an outage is no refusal: they go on as they are.
    if (!(err instanceof SamlRefusal)) throw err;
    request.log.info({ reason: err.reason }, 'staff SAML sign-in refused');
    await recordStaffSignInFailure(deps.db, { email: claimed(sp.idp, posted) }, 'saml', err.reason, deps.clock.now());
    throw new AppError('SSO_FAILED');
  }
  return reply.header('cache-control', 'no-store').redirect(staffReturnPath(request.body?.RelayState), 303);
}

async function verified(
  deps: AppDeps,
  { saml, idp }: { saml: SAML; idp: SamlIdp },
  samlResponse: string,
  posted: PostedResponse,
): Promise<Profile> {
  const acsUrl = serviceProviderOf(deps.config.publicUrl).acsUrl;
  // Said apart from a bad InResponseTo (the request it answered is used up by then): the same assertion again.
  if (posted.assertionId && (await alreadyAccepted(deps.db, posted.assertionId, deps.clock.now())))
    throw new SamlRefusal('replay');
  const profile = await validated(saml, samlResponse, posted);
  const assertion = readSignedAssertion(profile.getAssertionXml?.() ?? '');
  checkSignedAssertion(assertion, profile, { acsUrl, idp, inResponseTo: posted.inResponseTo });
  if (posted.destination !== null && posted.destination !== acsUrl) throw new SamlRefusal('bad-recipient');
  const once = await acceptOnce(
    deps.db,
    assertion.id,
    assertion.notOnOrAfter,
    deps.clock.now(),
    ACCEPTED_CLOCK_SKEW_MS,
  );
  if (!once) throw new SamlRefusal('replay');
  return profile;
}

/** node-saml's verdict: its refusals become ours, with a reason; the request store's outage stays an outage. */
async function validated(saml: SAML, samlResponse: string, posted: PostedResponse): Promise<Profile> {
  try {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile?.getAssertionXml) throw new SamlRefusal('invalid');
    return profile;
  } catch (err) {
    if (err instanceof SamlRequestStoreError) throw err.cause;
    if (err instanceof SamlRefusal) throw err;
    throw new SamlRefusal(refusalOf(err instanceof Error ? err : new Error(String(err)), posted));
  }
}

/** What the signature covers and node-saml does not check. */
function checkSignedAssertion(
  assertion: SignedAssertion,
  profile: Profile,
  expected: { acsUrl: string; idp: SamlIdp; inResponseTo: string | null },
): void {
  if (profile.issuer !== expected.idp.entityId) throw new SamlRefusal('bad-issuer');
  if (assertion.recipients.length === 0 || assertion.recipients.some((r) => r !== expected.acsUrl))
    throw new SamlRefusal('bad-recipient');
  // The unsigned Response's InResponseTo is what node-saml matched to a request: the signed part must say the same.
  if (assertion.inResponseTo.some((id) => id !== expected.inResponseTo)) throw new SamlRefusal('bad-in-response-to');
  if (!profile.nameID) throw new SamlRefusal('invalid');
}

/** The member's address: the configured attribute's (first) value, else a NameID that is an address. */
function addressOf(profile: Profile, attribute: string): string | undefined {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const value = firstText(attributes[attribute] ?? profile[attribute]);
  if (value !== undefined) return value;
  return EMAIL_SHAPE.test(profile.nameID) ? profile.nameID : undefined;
}

function firstText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first.trim() !== '' && first.length <= 320 ? first.trim() : undefined;
}

/** Who a refused answer claimed to be (not verified): the IdP and the NameID it carried, for the audit row. */
function claimed(idp: SamlIdp, posted: PostedResponse | undefined): string {
  const nameId = posted?.claimedNameId ?? 'unknown';
  // eslint-disable-next-line no-control-regex -- control characters are dropped from what the audit row keeps
  return wellFormed(`${idp.entityId} ${nameId}`.replace(/[\u0000-\u001f\u007f]/g, '')).slice(0, 300);
}
