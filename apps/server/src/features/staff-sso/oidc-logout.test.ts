import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test-support/test-app';
import { MEMBER, oidcSignIn, OTHER_MEMBER, signInAudit, startOidcTest, type OidcTest } from './oidc.test-helpers';

describe('signing out of the OpenID provider ends the staff sessions it signed in', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest();
  });
  afterAll(() => s.close());

  async function signedIn(login: string): Promise<TestClient> {
    const client = s.t.client();
    expect((await oidcSignIn(client, login)).statusCode).toBe(303);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
    return client;
  }

  /** The provider's session id of this member's latest session, as the ID token named it. */
  async function sidOf(email: string): Promise<string> {
    const { rows } = await s.t.db.query<{ sso_sid: string }>(
      `SELECT s.sso_sid FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.created_at DESC`,
      [email],
    );
    return rows[0]!.sso_sid;
  }

  /** What the provider's server sends: a form post, no Origin, no cookie. */
  function backchannel(logoutToken: string | undefined) {
    return s.t.app.inject({
      method: 'POST',
      url: '/auth/staff/oidc/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: logoutToken === undefined ? '' : new URLSearchParams({ logout_token: logoutToken }).toString(),
    });
  }

  it("ends that provider session's staff session on a back-channel logout, and no other member's", async () => {
    const member = await signedIn(MEMBER);
    const other = await signedIn(OTHER_MEMBER);
    const sid = await sidOf(MEMBER);
    const res = await backchannel(await s.provider.signLogoutToken({ sid, sub: MEMBER }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await member.get('/api/staff/applications')).statusCode).toBe(401);
    expect((await other.get('/api/staff/applications')).statusCode).toBe(200);
    expect(await signInAudit(s.t)).toContainEqual({
      staff_email: MEMBER,
      action: 'sign-out',
      detail: { method: 'oidc', by: 'idp' },
    });
  });

  it('ends every staff session of the subject when the token names no sid', async () => {
    const first = await signedIn(MEMBER);
    const second = await signedIn(MEMBER);
    const other = await signedIn(OTHER_MEMBER);
    const res = await backchannel(await s.provider.signLogoutToken({ sub: MEMBER }));
    expect(res.statusCode).toBe(200);
    expect((await first.get('/api/staff/applications')).statusCode).toBe(401);
    expect((await second.get('/api/staff/applications')).statusCode).toBe(401);
    expect((await other.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('refuses a logout token that is not a valid one with 400, and ends nothing', async () => {
    const member = await signedIn(MEMBER);
    const sid = await sidOf(MEMBER);
    const token = s.provider.signLogoutToken;
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    const bad: [string, Promise<string> | string | undefined][] = [
      ['signed with another key', token({ sid, sub: MEMBER }, { otherKey: true })],
      ['without the logout event', token({ sid, sub: MEMBER, events: undefined })],
      ['with another event', token({ sid, sub: MEMBER, events: { 'https://example.test/event': {} } })],
      ['with a nonce', token({ sid, sub: MEMBER, nonce: 'n-0S6_WzA2Mj' })],
      ['for another client', token({ sid, sub: MEMBER, aud: 'another-client' })],
      ['from another issuer', token({ sid, sub: MEMBER, iss: 'https://idp.evil.test' })],
      ['issued an hour ago', token({ sid, sub: MEMBER, iat: longAgo, exp: undefined })],
      ['naming neither sid nor sub', token({})],
      ['not a token', 'not-a-jwt'],
      ['missing', undefined],
    ];
    for (const [name, pending] of bad) {
      const res = await backchannel(await pending);
      expect(res.statusCode, name).toBe(400);
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.json(), name).toMatchObject({ code: 'SSO_FAILED' });
    }
    expect((await member.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('signs out at the provider too (RP-initiated logout): the session ends here first', async () => {
    const member = await signedIn(MEMBER);
    const res = await member.get('/auth/staff/oidc/logout');
    expect(res.statusCode).toBe(303);
    const target = new URL(res.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${s.provider.issuer}/session/end`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_id: s.provider.clientId,
      post_logout_redirect_uri: 'http://portal.test/login',
    });
    expect((await member.get('/api/staff/applications')).statusCode).toBe(401);
    expect((await signInAudit(s.t)).at(-1)).toEqual({
      staff_email: MEMBER,
      action: 'sign-out',
      detail: { method: 'oidc' },
    });
    // The provider accepts the request (client and return address registered): on to its sign-out confirmation.
    const atProvider = await fetch(target, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain(`action="${s.provider.issuer}/session/end/confirm"`);
  });

  it('refuses a logout link followed from another site', async () => {
    const member = await signedIn(MEMBER);
    const res = await member.get('/auth/staff/oidc/logout', {
      origin: 'https://evil.test',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect((await member.get('/api/staff/applications')).statusCode).toBe(200);
  });
});
