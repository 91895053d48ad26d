import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SignInStatus } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { TestSamlIdp } from '../../test-support/saml-idp';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { TestClock } from '../../test-support/test-clock';
import { readIdpMetadata } from './saml-idp-metadata';
import { SAML_MEMBER, samlSignIn, startSamlTest, type SamlTest } from './saml-sign-in.test-helpers';

const DAY = 24 * 60 * 60_000;
const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The gauge's sample in the Prometheus text, or undefined when it has none. */
function expirySeconds(text: string): number | undefined {
  const line = /^staff_idp_certificate_expiry_seconds (\S+)$/m.exec(text);
  return line ? Number(line[1]) : undefined;
}

describe('an IdP signing certificate that expires in 10 days', () => {
  let s: SamlTest;
  beforeAll(async () => {
    s = await startSamlTest({ validForMs: 10 * DAY, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => s.close());

  it('counts down on /metrics by the app clock, while /health/ready stays 200', async () => {
    const client = s.t.client();
    const metrics = await client.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE staff_idp_certificate_expiry_seconds gauge');
    expect(expirySeconds(metrics.body)).toBe(10 * 24 * 3600);
    s.t.clock.advance(DAY);
    const later = await client.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(expirySeconds(later.body)).toBe(9 * 24 * 3600);
    expect((await client.get('/health/ready')).statusCode).toBe(200);
  });

  it('warns administrators in the sign-in status', async () => {
    const admin = s.t.client();
    expect((await samlSignIn(s, admin, { email: SAML_MEMBER })).statusCode).toBe(303);
    const res = await admin.get('/api/staff/sign-in-status');
    expect(res.statusCode).toBe(200);
    expect(res.json<SignInStatus>()).toEqual({
      protocol: 'saml',
      idp_certificate_expires_at: s.idp.certificateExpiresAt.toISOString(),
      idp_certificate_expiring: true,
    });
  });
});

describe('an IdP signing certificate valid for a year', () => {
  let s: SamlTest;
  beforeAll(async () => {
    // Password sign-in with no second factor, so that a reviewer can be made and signed in the usual way.
    s = await startSamlTest({ validForMs: 365 * DAY, env: { METRICS_TOKEN: TOKEN, STAFF_MFA: 'off' } });
  });
  afterAll(() => s.close());

  it('is no warning, and reviewers do not see the status', async () => {
    // Made first: the administrator invites the reviewer from a password session of their own.
    const reviewer = await staffWithRoles(s.t, 'reviewer@college.test', ['reviewer']);
    const admin = s.t.client();
    expect((await samlSignIn(s, admin, { email: SAML_MEMBER })).statusCode).toBe(303);
    const status = (await admin.get('/api/staff/sign-in-status')).json<SignInStatus>();
    expect(status).toMatchObject({ protocol: 'saml', idp_certificate_expiring: false });
    const metrics = await s.t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(expirySeconds(metrics.body)).toBe(365 * 24 * 3600);

    const refused = await reviewer.get('/api/staff/sign-in-status');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
  });
});

describe('the IdP metadata file (STAFF_SAML_IDP_METADATA)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ap-saml-metadata-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the IdP entity id, its redirect sign-on address and only its signing certificates', () => {
    const idp = new TestSamlIdp({ dir, from: new TestClock().now(), validForMs: 30 * DAY });
    const read = readIdpMetadata(idp.metadataFile);
    expect(read.entityId).toBe(idp.entityId);
    expect(read.ssoUrl).toBe(idp.ssoUrl);
    // The metadata names an encryption certificate too: it is not trusted for signatures.
    expect(read.certificates).toHaveLength(1);
    expect(read.certificates[0]).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect(read.certificateExpiresAt).toEqual(idp.certificateExpiresAt);
  });

  it('stops the start with a clear message when it cannot be read or is no IdP metadata', async () => {
    expect(() => readIdpMetadata(path.join(dir, 'missing.xml'))).toThrow(ConfigError);
    expect(() => readIdpMetadata(path.join(dir, 'missing.xml'))).toThrow(
      /STAFF_SAML_IDP_METADATA: cannot read .*ENOENT/,
    );
    const cases: [string, RegExp][] = [
      ['<md:EntityDescriptor', /is not XML/],
      ['<html><body>Sign in</body></html>', /is not SAML metadata/],
      [
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test"><md:IDPSSODescriptor/></md:EntityDescriptor>',
        /has no HTTP-Redirect SingleSignOnService/,
      ],
      [
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test"><md:IDPSSODescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.test/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>',
        /has no signing certificate/,
      ],
    ];
    for (const [text, message] of cases) {
      const file = path.join(dir, 'broken.xml');
      await writeFile(file, text);
      expect(() => readIdpMetadata(file)).toThrow(ConfigError);
      expect(() => readIdpMetadata(file)).toThrow(message);
    }
  });
});
