import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  startTestOidcProvider,
  type OidcPerson,
  type TestOidcProvider,
  type TestOidcProviderOptions,
} from '../../test-support/oidc-provider';
import { startTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../test-support/test-app';

/** Two members of the team (STAFF_EMAILS), one person the provider knows and the team does not, one unverified. */
export const MEMBER = 'reader@college.test';
export const OTHER_MEMBER = 'second.reader@college.test';
export const STRANGER = 'stranger@college.test';
export const UNVERIFIED = 'unverified@college.test';
export const OIDC_LABEL = 'Northfield account';

export const TEST_PEOPLE: OidcPerson[] = [
  { sub: MEMBER, email: MEMBER, email_verified: true, name: 'Reader' },
  { sub: OTHER_MEMBER, email: OTHER_MEMBER, email_verified: true },
  { sub: STRANGER, email: STRANGER, email_verified: true },
  { sub: 'sub-of-unverified', email: UNVERIFIED, email_verified: false },
];

export interface OidcTest {
  t: TestApp;
  provider: TestOidcProvider;
  close(): Promise<void>;
}

/** The test OpenID provider and the app signing staff in through it (STAFF_MFA=required: SSO skips the factor). */
export async function startOidcTest(
  env: Record<string, string> = {},
  options: Partial<TestOidcProviderOptions> = {},
): Promise<OidcTest> {
  const provider = await startTestOidcProvider({ publicUrl: TEST_PUBLIC_URL, people: TEST_PEOPLE, ...options });
  const t = await startTestApp({ ...oidcEnv(provider), STAFF_MFA: 'required', ...env });
  return {
    t,
    provider,
    async close() {
      await t.close();
      await provider.close();
    },
  };
}

export function oidcEnv(provider: TestOidcProvider): Record<string, string> {
  return {
    STAFF_OIDC_ISSUER: provider.issuer,
    STAFF_OIDC_CLIENT_ID: provider.clientId,
    STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
    STAFF_OIDC_LABEL: OIDC_LABEL,
    STAFF_EMAILS: `${MEMBER}, ${OTHER_MEMBER}, ${UNVERIFIED}`,
  };
}

/** GET /auth/staff/oidc/login through the app: where it sends the browser, and the state it chose. */
export async function startSignIn(client: TestClient, query = ''): Promise<{ authorizationUrl: URL; state: string }> {
  const res = await client.get(`/auth/staff/oidc/login${query}`);
  if (res.statusCode !== 303) throw new Error(`expected 303 from the login, got ${res.statusCode}: ${res.body}`);
  const authorizationUrl = new URL(res.headers.location as string);
  return { authorizationUrl, state: authorizationUrl.searchParams.get('state')! };
}

/**
 * What a browser does at the provider: follows its redirects keeping its cookies, signs in on its login page as
 * `login` (consents if asked), and stops where the provider sends it back to the app. Answers that path.
 */
export async function signInAtProvider(
  authorizationUrl: URL,
  login: string,
  jar: CookieJar = new CookieJar(),
): Promise<string> {
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    jar.keep(res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin === TEST_PUBLIC_URL) return `${next.pathname}${next.search}`;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`the provider answered ${res.status}: ${html}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

/** The whole sign-in of `login` in this client's browser: the callback's answer. */
export async function oidcSignIn(client: TestClient, login: string, query = ''): Promise<LightMyRequestResponse> {
  const { authorizationUrl } = await startSignIn(client, query);
  return client.get(await signInAtProvider(authorizationUrl, login));
}

/** The staff_sso_requests row's id of a state (its sha-256, as the app keeps it). */
export function stateRowId(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** The audit rows of staff sign-ins, oldest first. */
export async function signInAudit(t: TestApp) {
  const { rows } = await t.db.query<{ staff_email: string; action: string; detail: Record<string, unknown> }>(
    `SELECT staff_email, action, detail FROM staff_audit_log WHERE action IN ('sign-in', 'sign-in-failed', 'sign-out')
     ORDER BY id`,
  );
  return rows;
}

/** The cookies a browser keeps for the provider's site (paths ignored: the provider reads only its own names). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const gone = value === '' || (expires && new Date(expires.split('=')[1]!).getTime() <= Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
