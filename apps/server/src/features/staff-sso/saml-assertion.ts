import { childrenNamed, parseXml } from './saml-xml';

const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** Why an IdP's answer was refused: the audit row's reason. */
export type SamlRefusalReason =
  | 'unsigned'
  | 'bad-signature'
  | 'replay'
  | 'bad-audience'
  | 'bad-recipient'
  | 'bad-issuer'
  | 'expired'
  | 'not-yet-valid'
  | 'bad-in-response-to'
  | 'idp-refused'
  | 'invalid';

export class SamlRefusal extends Error {
  override name = 'SamlRefusal';
  constructor(readonly reason: SamlRefusalReason) {
    super(`SAML response refused: ${reason}`);
  }
}

/** What the posted Response says before anything is trusted: for the replay check and the audit row only. */
export interface PostedResponse {
  destination: string | null;
  inResponseTo: string | null;
  assertionId: string | null;
  /** The NameID the assertion claims (unverified), for the audit row of a refusal. */
  claimedNameId: string | null;
  assertionSigned: boolean;
}

export function readPostedResponse(samlResponse: string): PostedResponse {
  const root = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8')).doc?.documentElement;
  if (!root || root.namespaceURI !== SAMLP || root.localName !== 'Response') throw new SamlRefusal('invalid');
  const assertion = childrenNamed(root, SAML, 'Assertion')[0];
  return {
    destination: root.getAttribute('Destination') || null,
    inResponseTo: root.getAttribute('InResponseTo') || null,
    assertionId: assertion?.getAttribute('ID') || null,
    claimedNameId: assertion?.getElementsByTagNameNS(SAML, 'NameID')[0]?.textContent?.trim() || null,
    assertionSigned: assertion ? childrenNamed(assertion, DS, 'Signature').length > 0 : false,
  };
}

/** What the checks read of the assertion whose signature node-saml verified. */
export interface SignedAssertion {
  id: string;
  /** Until when the assertion could be accepted: the replay record's lifetime. */
  notOnOrAfter: Date | null;
  recipients: string[];
  /** The InResponseTo of its bearer confirmations. */
  inResponseTo: string[];
}

export function readSignedAssertion(assertionXml: string): SignedAssertion {
  const assertion = parseXml(assertionXml).doc?.documentElement;
  if (!assertion || assertion.localName !== 'Assertion') throw new SamlRefusal('invalid');
  const id = assertion.getAttribute('ID');
  if (!id) throw new SamlRefusal('invalid');
  const confirmations = Array.from(assertion.getElementsByTagNameNS(SAML, 'SubjectConfirmation'))
    .filter((c) => c.getAttribute('Method') === BEARER)
    .flatMap((c) => childrenNamed(c, SAML, 'SubjectConfirmationData'));
  const times = [
    ...confirmations.map((d) => d.getAttribute('NotOnOrAfter')),
    ...Array.from(assertion.getElementsByTagNameNS(SAML, 'Conditions')).map((c) => c.getAttribute('NotOnOrAfter')),
  ]
    .map((t) => (t ? Date.parse(t) : NaN))
    .filter((t) => Number.isFinite(t));
  return {
    id,
    notOnOrAfter: times.length ? new Date(Math.max(...times)) : null,
    recipients: confirmations.map((d) => d.getAttribute('Recipient') ?? ''),
    inResponseTo: confirmations.map((d) => d.getAttribute('InResponseTo') ?? ''),
  };
}

/** node-saml's refusals, by their message (it has no codes), as the audit row's reason. */
export function refusalOf(err: Error, posted: PostedResponse | undefined): SamlRefusalReason {
  const message = err.message;
  if (err.name === 'SamlStatusError') return 'idp-refused';
  if (/InResponseTo/i.test(message)) return 'bad-in-response-to';
  if (/audience/i.test(message)) return 'bad-audience';
  if (/not yet valid/i.test(message)) return 'not-yet-valid';
  // A bearer confirmation out of its time window is "no valid subject confirmation".
  if (/expired|no valid subject confirmation/i.test(message)) return 'expired';
  if (/signature/i.test(message)) return posted && !posted.assertionSigned ? 'unsigned' : 'bad-signature';
  return 'invalid';
}
