import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { selfSignedCertificate, type TestKeyPair } from './self-signed-certificate';
import { TEST_PUBLIC_URL } from './test-app';

const DAY_MS = 24 * 60 * 60_000;
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/** The product's SP names under the test app's PUBLIC_URL. */
export const TEST_SP = {
  entityId: `${TEST_PUBLIC_URL}/auth/staff/saml/metadata`,
  acsUrl: `${TEST_PUBLIC_URL}/auth/staff/saml/acs`,
};

export interface SamlAnswer {
  /** The app's clock: the assertion's times are around it. */
  now: Date;
  /** The AuthnRequest answered (Response, and every bearer confirmation); null: none at all (IdP-initiated). */
  inResponseTo: string | null;
  /** The `email` attribute (attributeName); null: no attribute statement. */
  email: string | null;
  attributeName?: string;
  /** Defaults to the e-mail, else a campus id. */
  nameId?: string;
  audience?: string;
  recipient?: string;
  /** The Response's Destination; null leaves it out. */
  destination?: string | null;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** 'idp' (the metadata's key), 'other' (a key the metadata does not name) or 'none'. */
  signWith?: 'idp' | 'other' | 'none';
  /** The signed assertion's InResponseTo when it should differ from the Response's. */
  assertionInResponseTo?: string;
  issuer?: string;
  assertionId?: string;
  sessionIndex?: string;
}

/**
 * A SAML identity provider for tests: its own key and certificate made at run time (valid from the given instant
 * for `validForMs`), its metadata written to a file for STAFF_SAML_IDP_METADATA, and a Response with one
 * Assertion signed as a real IdP signs it (xml-crypto: enveloped, exclusive c14n, RSA-SHA256), base64 for the POST.
 */
export class TestSamlIdp {
  readonly entityId = 'https://idp.college.test/saml2/idp';
  readonly ssoUrl = 'https://idp.college.test/saml2/sso';
  readonly metadataFile: string;
  private readonly key: TestKeyPair;
  /** A key the metadata names only for encryption: an assertion it signs must not be trusted. */
  private readonly otherKey: TestKeyPair;

  constructor(options: { dir: string; from: Date; validForMs?: number; fileName?: string }) {
    const notBefore = new Date(options.from.getTime() - DAY_MS);
    const notAfter = new Date(options.from.getTime() + (options.validForMs ?? 365 * DAY_MS));
    this.key = selfSignedCertificate({ commonName: 'Test campus IdP', notBefore, notAfter });
    this.otherKey = selfSignedCertificate({ commonName: 'Someone else', notBefore, notAfter });
    this.metadataFile = path.join(options.dir, options.fileName ?? 'idp-metadata.xml');
    writeFileSync(this.metadataFile, this.metadata());
  }

  get certificateExpiresAt(): Date {
    return this.key.notAfter;
  }

  metadata(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${this.entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.key.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:KeyDescriptor use="encryption">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.otherKey.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${this.ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
  }

  /** The base64 SAMLResponse a browser would post to the ACS. */
  response(answer: SamlAnswer): string {
    const xml = this.responseXml(answer);
    const signWith = answer.signWith ?? 'idp';
    const signed = signWith === 'none' ? xml : signAssertion(xml, signWith === 'idp' ? this.key : this.otherKey);
    return Buffer.from(signed, 'utf8').toString('base64');
  }

  private responseXml(a: SamlAnswer): string {
    const iso = (d: Date) => d.toISOString();
    const now = a.now;
    const notBefore = a.notBefore ?? new Date(now.getTime() - 60_000);
    const notOnOrAfter = a.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const issuer = a.issuer ?? this.entityId;
    const nameId = a.nameId ?? a.email ?? 'u1234567';
    const recipient = a.recipient ?? TEST_SP.acsUrl;
    const destination = a.destination === undefined ? TEST_SP.acsUrl : a.destination;
    const inResponseTo = (id: string | null | undefined) => (id ? ` InResponseTo="${esc(id)}"` : '');
    const attributes =
      a.email === null
        ? ''
        : `<saml:AttributeStatement><saml:Attribute Name="${esc(a.attributeName ?? 'email')}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue>${esc(a.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`;
    return (
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${hex()}" Version="2.0" IssueInstant="${iso(now)}"${destination ? ` Destination="${esc(destination)}"` : ''}${inResponseTo(a.inResponseTo)}>` +
      `<saml:Issuer>${esc(issuer)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${esc(a.assertionId ?? `_${hex()}`)}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${esc(issuer)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo(a.assertionInResponseTo ?? a.inResponseTo)} Recipient="${esc(recipient)}" NotOnOrAfter="${iso(notOnOrAfter)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${esc(a.audience ?? TEST_SP.entityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${esc(a.sessionIndex ?? `_s${hex()}`)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      attributes +
      `</saml:Assertion></samlp:Response>`
    );
  }
}

function signAssertion(xml: string, key: TestKeyPair): string {
  const sig = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  // Where the schema puts it: right after the assertion's Issuer.
  sig.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

/** The AuthnRequest a login redirect carries (HTTP-Redirect binding: deflated, base64, in SAMLRequest). */
export function authnRequestOf(location: string): {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string | null;
  /** ForceAuthn="true": the IdP must ask the person again. */
  forceAuthn: boolean;
} {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attribute('ID'),
    acsUrl: attribute('AssertionConsumerServiceURL'),
    issuer: /<saml:Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState'),
    forceAuthn: attribute('ForceAuthn') === 'true',
  };
}

/** The IdP's browser POST to the ACS, as the form it is. */
export function acsForm(samlResponse: string, relayState?: string): Buffer {
  const form = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState !== undefined) form.set('RelayState', relayState);
  return Buffer.from(form.toString());
}

const hex = () => randomBytes(16).toString('hex');
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
