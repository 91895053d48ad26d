import { ERROR_MESSAGES } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER,
  oidcSignIn,
  signInAtProvider,
  signInAudit,
  startOidcTest,
  startSignIn,
  STRANGER,
  UNVERIFIED,
  type OidcTest,
} from './oidc.test-helpers';

describe('staff sign-in through the OpenID provider', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest();
  });
  afterAll(() => s.close());

  it('signs a team member in with the code flow, PKCE, state and nonce, past the second factor', async () => {
    const client = s.t.client();
    const { authorizationUrl } = await startSignIn(client);
    expect(authorizationUrl.origin).toBe(s.provider.issuer);
    const params = Object.fromEntries(authorizationUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: s.provider.clientId,
      redirect_uri: 'http://portal.test/auth/staff/oidc/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{40,}$/);
    expect(params.nonce).toMatch(/^[\w-]{40,}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.prompt).toBeUndefined();

    const callback = await client.get(await signInAtProvider(authorizationUrl, MEMBER));
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/staff');
    // STAFF_MFA=required, yet the staff call answers: the provider owns the second factor.
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
    expect(await signInAudit(s.t)).toContainEqual({
      staff_email: MEMBER,
      action: 'sign-in',
      detail: { method: 'oidc' },
    });
    const { rows } = await s.t.db.query<{ auth_method: string; sso_issuer: string; sso_sub: string; sso_sid: string }>(
      `SELECT s.auth_method, s.sso_issuer, s.sso_sub, s.sso_sid FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE u.email = $1`,
      [MEMBER],
    );
    expect(rows).toEqual([
      { auth_method: 'oidc', sso_issuer: s.provider.issuer, sso_sub: MEMBER, sso_sid: expect.any(String) },
    ]);
  });

  it('lands on the page of the console it was asked for, and only on one', async () => {
    const back = await oidcSignIn(s.t.client(), MEMBER, '?return_to=%2Fstaff%2Fapplications%3Fpage%3D2');
    expect(back.headers.location).toBe('/staff/applications?page=2');
    for (const elsewhere of ['https://evil.test/staff', '//evil.test/staff', '/\\evil.test', 'staff', '/api/logout']) {
      const res = await oidcSignIn(s.t.client(), MEMBER, `?return_to=${encodeURIComponent(elsewhere)}`);
      expect(res.headers.location).toBe('/staff');
    }
  });

  it('asks the provider for a fresh sign-in when the console needs one (prompt=login, max_age=0)', async () => {
    const client = s.t.client();
    const { authorizationUrl } = await startSignIn(client, '?prompt=login');
    expect(authorizationUrl.searchParams.get('prompt')).toBe('login');
    expect(authorizationUrl.searchParams.get('max_age')).toBe('0');
    const back = await client.get(await signInAtProvider(authorizationUrl, MEMBER));
    expect(back.statusCode).toBe(303);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('answers a person the team does not know with a 403 page, an audit row, and no session', async () => {
    const client = s.t.client();
    const res = await oidcSignIn(client, STRANGER);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    expect(res.body).toMatch(/<h1>[^<]+<\/h1>/);
    expect(res.body).toContain(ERROR_MESSAGES.SSO_MEMBER_UNKNOWN);
    expect(res.body).toContain('<a href="/login">');
    expect((await client.get('/api/staff/applications')).statusCode).toBe(401);
    expect(await signInAudit(s.t)).toContainEqual({
      staff_email: STRANGER,
      action: 'sign-in-failed',
      detail: { method: 'oidc', reason: 'not-a-member' },
    });
    const { rows } = await s.t.db.query(
      `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
      [STRANGER],
    );
    expect(rows).toEqual([]);
  });

  it('answers an API client that asks for JSON with the error shape', async () => {
    const client = s.t.client();
    const { authorizationUrl } = await startSignIn(client);
    const res = await client.get(await signInAtProvider(authorizationUrl, STRANGER), { accept: 'application/json' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'SSO_MEMBER_UNKNOWN', message: ERROR_MESSAGES.SSO_MEMBER_UNKNOWN });
  });

  it('refuses an address the provider has not verified (email_verified false), with a 400 page', async () => {
    const client = s.t.client();
    const res = await oidcSignIn(client, 'sub-of-unverified');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(ERROR_MESSAGES.SSO_FAILED);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(401);
    expect(await signInAudit(s.t)).toContainEqual({
      staff_email: `${s.provider.issuer} sub-of-unverified`,
      action: 'sign-in-failed',
      detail: { method: 'oidc', reason: 'email-not-verified' },
    });
    expect(JSON.stringify(await signInAudit(s.t))).not.toContain(UNVERIFIED);
  });
});

describe('a provider that sends the address in UserInfo only', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest({}, { claimsInIdToken: false });
  });
  afterAll(() => s.close());

  it('signs the member in by the address UserInfo answers', async () => {
    const client = s.t.client();
    expect((await oidcSignIn(client, MEMBER)).statusCode).toBe(303);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('still refuses an address UserInfo does not say is verified', async () => {
    const client = s.t.client();
    expect((await oidcSignIn(client, 'sub-of-unverified')).statusCode).toBe(400);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(401);
  });
});
