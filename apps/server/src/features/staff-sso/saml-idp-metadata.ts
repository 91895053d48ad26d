import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { ConfigError, type StaffSamlConfig } from '../../config';
import { childrenNamed, parseXml } from './saml-xml';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What the product needs of the identity provider's metadata (STAFF_SAML_IDP_METADATA), read once at start. */
export interface SamlIdp {
  entityId: string;
  /** Its SingleSignOnService for the HTTP-Redirect binding: where the login sends the AuthnRequest. */
  ssoUrl: string;
  /** Its signing certificates (use="signing" or no use), as PEM: an assertion signed by any of them is trusted. */
  certificates: string[];
  /**
   * When the last of them stops being valid. During a rotation the IdP publishes the next certificate beside the
   * current one, so sign-in breaks only when none is valid any more: that is the date to warn about.
   */
  certificateExpiresAt: Date;
}

/** One read per configuration (app start), shared by the routes, the sign-in status and the expiry gauge. */
const readAtStart = new WeakMap<StaffSamlConfig, SamlIdp>();

/** The identity provider of this configuration; a file that cannot be read or understood stops the start. */
export function samlIdpOf(config: StaffSamlConfig): SamlIdp {
  let idp = readAtStart.get(config);
  if (!idp) {
    idp = readIdpMetadata(config.idpMetadataFile);
    readAtStart.set(config, idp);
  }
  return idp;
}

/** The expiry of the IdP's signing certificate, or null without SAML (the gauge then has no sample). */
export function idpCertificateExpiresAt(config: { staffAuth: { saml: StaffSamlConfig | null } }): Date | null {
  return config.staffAuth.saml ? samlIdpOf(config.staffAuth.saml).certificateExpiresAt : null;
}

export function readIdpMetadata(file: string): SamlIdp {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`STAFF_SAML_IDP_METADATA: cannot read ${file} (${(err as NodeJS.ErrnoException).code})`);
  }
  const fail = (why: string) => new ConfigError(`STAFF_SAML_IDP_METADATA: ${file} ${why}`);
  const descriptor = entityDescriptorOf(text, fail);
  const entityId = descriptor.getAttribute('entityID');
  if (!entityId) throw fail('has no entityID');
  const idpDescriptor = childrenNamed(descriptor, MD, 'IDPSSODescriptor')[0];
  if (!idpDescriptor) throw fail('has no IDPSSODescriptor');
  const sso = childrenNamed(idpDescriptor, MD, 'SingleSignOnService').find(
    (e) => e.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const ssoUrl = sso?.getAttribute('Location');
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl)) throw fail('has no HTTP-Redirect SingleSignOnService Location');
  const certificates = signingCertificates(idpDescriptor).map((base64) => {
    try {
      return { pem: pemOf(base64), validTo: new Date(new X509Certificate(Buffer.from(base64, 'base64')).validTo) };
    } catch {
      throw fail('has a signing certificate that is not an X.509 certificate');
    }
  });
  if (certificates.length === 0) throw fail('has no signing certificate (KeyDescriptor use="signing")');
  return {
    entityId,
    ssoUrl,
    certificates: certificates.map((c) => c.pem),
    certificateExpiresAt: new Date(Math.max(...certificates.map((c) => c.validTo.getTime()))),
  };
}

function entityDescriptorOf(text: string, fail: (why: string) => Error): Element {
  const { doc, problem } = parseXml(text);
  const root = doc?.documentElement;
  if (!root) throw fail(`is not XML${problem ? `: ${problem}` : ''}`);
  // A metadata aggregate (EntitiesDescriptor) holding one IdP is accepted as well.
  if (root.namespaceURI === MD && root.localName === 'EntityDescriptor') return root;
  const inner = root.namespaceURI === MD ? childrenNamed(root, MD, 'EntityDescriptor') : [];
  const withIdp = inner.filter((e) => childrenNamed(e, MD, 'IDPSSODescriptor').length > 0);
  if (withIdp.length === 1) return withIdp[0]!;
  throw fail('is not SAML metadata of one identity provider (EntityDescriptor)');
}

/** The X509Certificate texts of the descriptor's KeyDescriptors meant for signing (use="signing" or no use). */
function signingCertificates(idpDescriptor: Element): string[] {
  return childrenNamed(idpDescriptor, MD, 'KeyDescriptor')
    .filter((k) => ['', 'signing'].includes(k.getAttribute('use') ?? ''))
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c.length > 0);
}

function pemOf(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
