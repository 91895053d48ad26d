import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { acsForm, authnRequestOf, TestSamlIdp, type SamlAnswer } from '../../test-support/saml-idp';
import { TestClock } from '../../test-support/test-clock';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/** A member of the team (STAFF_EMAILS) and a person the IdP knows and the team does not. */
export const SAML_MEMBER = 'registrar@college.test';
export const SAML_STRANGER = 'stranger@college.test';

export interface SamlTest {
  t: TestApp;
  idp: TestSamlIdp;
  close(): Promise<void>;
}

/**
 * The test IdP (its certificate valid `validForMs` from the app clock's start) and the app trusting its metadata,
 * with STAFF_MFA=required: an SSO sign-in skips the second factor.
 */
export async function startSamlTest(
  options: { validForMs?: number; env?: Record<string, string> } = {},
): Promise<SamlTest> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ap-saml-'));
  const idp = new TestSamlIdp({ dir, from: new TestClock().now(), validForMs: options.validForMs });
  const t = await startTestApp({
    STAFF_SAML_IDP_METADATA: idp.metadataFile,
    STAFF_SAML_LABEL: 'Northfield account',
    STAFF_EMAILS: SAML_MEMBER,
    STAFF_MFA: 'required',
    ...options.env,
  });
  return {
    t,
    idp,
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** GET /auth/staff/saml/login: the AuthnRequest's id and the RelayState it carries to the IdP. */
export async function startSamlLogin(client: TestClient, query = '') {
  const res = await client.get(`/auth/staff/saml/login${query}`);
  if (res.statusCode !== 303) throw new Error(`expected 303 from the login, got ${res.statusCode}: ${res.body}`);
  return { location: res.headers.location as string, ...authnRequestOf(res.headers.location as string) };
}

/** The IdP's browser POST to the ACS: from the IdP's site (no Origin of ours), as a form. */
export function postToAcs(client: TestClient, samlResponse: string, relayState?: string) {
  return client.request('POST', '/auth/staff/saml/acs', undefined, ACS_HEADERS, acsForm(samlResponse, relayState));
}

const ACS_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'https://idp.college.test',
  'sec-fetch-site': 'cross-site',
  accept: 'text/html,application/xhtml+xml',
};

/** A whole sign-in in this client's browser: the login, the IdP's answer (changed as asked), the ACS's answer. */
export async function samlSignIn(
  s: SamlTest,
  client: TestClient,
  answer: Partial<SamlAnswer> & { email: string | null },
  query = '',
): Promise<LightMyRequestResponse> {
  const { id, relayState } = await startSamlLogin(client, query);
  const response = s.idp.response({ now: s.t.clock.now(), inResponseTo: id, ...answer });
  return postToAcs(client, response, relayState ?? undefined);
}

/** The audit rows of staff sign-ins, oldest first. */
export async function samlAudit(t: TestApp) {
  const { rows } = await t.db.query<{ staff_email: string; action: string; detail: Record<string, unknown> }>(
    `SELECT staff_email, action, detail FROM staff_audit_log WHERE action IN ('sign-in', 'sign-in-failed')
     ORDER BY id`,
  );
  return rows;
}

/** How many sessions exist (each refused answer must leave none behind). */
export async function sessionCount(t: TestApp): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
  return rows[0]!.n;
}
