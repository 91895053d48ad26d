import { ERROR_MESSAGES } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SP } from '../../test-support/saml-idp';
import {
  postToAcs,
  SAML_MEMBER,
  SAML_STRANGER,
  samlAudit,
  samlSignIn,
  sessionCount,
  startSamlLogin,
  startSamlTest,
  type SamlTest,
} from './saml-sign-in.test-helpers';

const MINUTE = 60_000;

describe('staff sign-in through the SAML 2.0 identity provider', () => {
  let s: SamlTest;
  beforeAll(async () => {
    s = await startSamlTest();
  });
  afterAll(() => s.close());

  it('serves the service provider metadata the IdP is configured with', async () => {
    const res = await s.t.client().get('/auth/staff/saml/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${TEST_SP.entityId}"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect(res.body).toMatch(
      new RegExp(
        `AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${TEST_SP.acsUrl}"`,
      ),
    );
  });

  it('sends the login to the IdP with an AuthnRequest it keeps on the server', async () => {
    const login = await startSamlLogin(s.t.client(), '?return_to=%2Fstaff%2Fapplications%3Fpage%3D2');
    expect(login.location.startsWith(`${s.idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    expect(login.id).toMatch(/^_[0-9a-f]{20,}$/);
    expect(login.acsUrl).toBe(TEST_SP.acsUrl);
    expect(login.issuer).toBe(TEST_SP.entityId);
    expect(login.relayState).toBe('/staff/applications?page=2');
    const { rows } = await s.t.db.query(`SELECT kind FROM staff_sso_requests WHERE id = $1`, [login.id]);
    expect(rows).toEqual([{ kind: 'saml' }]);
    expect(login.forceAuthn).toBe(false);
    // The console's fresh sign-in for a risky action: the IdP must ask the person again.
    expect((await startSamlLogin(s.t.client(), '?prompt=login')).forceAuthn).toBe(true);
    // Only a console page of this site travels as the RelayState.
    for (const elsewhere of ['https://evil.test/staff', '//evil.test/staff', '/stafff', '/login']) {
      const other = await startSamlLogin(s.t.client(), `?return_to=${encodeURIComponent(elsewhere)}`);
      expect(other.relayState).toBe('/staff');
    }
  });

  it('signs a team member in with a signed assertion answering its request, past the second factor', async () => {
    const client = s.t.client();
    const { id, relayState } = await startSamlLogin(client, '?return_to=%2Fstaff%2Fapplications');
    const answer = s.idp.response({ now: s.t.clock.now(), inResponseTo: id, email: SAML_MEMBER, sessionIndex: '_s1' });
    const res = await postToAcs(client, answer, relayState!);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/staff/applications');
    // STAFF_MFA=required, yet the staff call answers: the IdP owns the second factor.
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
    expect(await samlAudit(s.t)).toContainEqual({
      staff_email: SAML_MEMBER,
      action: 'sign-in',
      detail: { method: 'saml' },
    });
    const { rows } = await s.t.db.query(
      `SELECT s.auth_method, s.sso_issuer, s.sso_sub, s.sso_sid FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE u.email = $1`,
      [SAML_MEMBER],
    );
    expect(rows).toEqual([{ auth_method: 'saml', sso_issuer: s.idp.entityId, sso_sub: SAML_MEMBER, sso_sid: '_s1' }]);
    // The request is used up, and the assertion remembered until it expires.
    expect((await s.t.db.query(`SELECT 1 FROM staff_sso_requests WHERE id = $1`, [id])).rows).toEqual([]);
    expect((await s.t.db.query(`SELECT 1 FROM staff_saml_assertions`)).rows.length).toBeGreaterThan(0);
  });

  it('matches the member by the NameID when it is an address and the attribute is missing', async () => {
    const client = s.t.client();
    const res = await samlSignIn(s, client, { email: null, nameId: SAML_MEMBER });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/staff');
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('refuses the same assertion posted again (a replay): no session, an audit row', async () => {
    const client = s.t.client();
    const { id } = await startSamlLogin(client);
    const answer = s.idp.response({ now: s.t.clock.now(), inResponseTo: id, email: SAML_MEMBER });
    expect((await postToAcs(client, answer)).statusCode).toBe(303);

    const thief = s.t.client('198.51.100.7');
    const sessions = await sessionCount(s.t);
    const replay = await postToAcs(thief, answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['content-type']).toMatch(/^text\/html/);
    expect(replay.body).toContain(ERROR_MESSAGES.SSO_FAILED);
    expect(thief.cookies.size).toBe(0);
    expect(await sessionCount(s.t)).toBe(sessions);
    expect((await samlAudit(s.t)).at(-1)).toMatchObject({
      action: 'sign-in-failed',
      detail: { method: 'saml', reason: 'replay' },
    });
  });

  it('signs in once when the same assertion is posted twice at the same instant', async () => {
    const client = s.t.client();
    const { id } = await startSamlLogin(client);
    const answer = s.idp.response({ now: s.t.clock.now(), inResponseTo: id, email: SAML_MEMBER });
    const sessions = await sessionCount(s.t);
    const both = await Promise.all([postToAcs(s.t.client(), answer), postToAcs(s.t.client(), answer)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([303, 400]);
    expect(await sessionCount(s.t)).toBe(sessions + 1);
  });

  const refusals: { name: string; reason: string; answer: (now: Date) => Record<string, unknown> }[] = [
    { name: 'an unsigned assertion', reason: 'unsigned', answer: () => ({ signWith: 'none' }) },
    { name: 'an assertion signed with another key', reason: 'bad-signature', answer: () => ({ signWith: 'other' }) },
    {
      name: 'an assertion for another audience',
      reason: 'bad-audience',
      answer: () => ({ audience: 'https://other-sp.test/metadata' }),
    },
    {
      name: 'an assertion for another recipient',
      reason: 'bad-recipient',
      answer: () => ({ recipient: 'https://other-sp.test/acs' }),
    },
    {
      name: 'a Response sent to another destination',
      reason: 'bad-recipient',
      answer: () => ({ destination: 'https://other-sp.test/acs' }),
    },
    {
      name: 'an expired assertion',
      reason: 'expired',
      answer: (now) => ({
        notBefore: new Date(now.getTime() - 20 * MINUTE),
        notOnOrAfter: new Date(now.getTime() - 5 * MINUTE),
      }),
    },
    {
      name: 'an assertion from another issuer',
      reason: 'bad-issuer',
      answer: () => ({ issuer: 'https://idp.elsewhere.test' }),
    },
    {
      name: 'a signed assertion that answered another request',
      reason: 'bad-in-response-to',
      answer: () => ({ assertionInResponseTo: '_another-request' }),
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}: a 400 page, no session, an audit row (${refusal.reason})`, async () => {
      const client = s.t.client();
      const sessions = await sessionCount(s.t);
      const res = await samlSignIn(s, client, { email: SAML_MEMBER, ...refusal.answer(s.t.clock.now()) });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(ERROR_MESSAGES.SSO_FAILED);
      expect(client.cookies.size).toBe(0);
      expect(await sessionCount(s.t)).toBe(sessions);
      expect((await samlAudit(s.t)).at(-1)).toEqual({
        staff_email: `${s.idp.entityId} ${SAML_MEMBER}`,
        action: 'sign-in-failed',
        detail: { method: 'saml', reason: refusal.reason },
      });
      expect((await client.get('/api/staff/applications')).statusCode).toBe(401);
    });
  }

  it('refuses an answer to a request it never sent, or to one older than ten minutes (test clock)', async () => {
    const client = s.t.client();
    const unknown = s.idp.response({ now: s.t.clock.now(), inResponseTo: '_never-sent', email: SAML_MEMBER });
    expect((await postToAcs(client, unknown)).statusCode).toBe(400);
    expect((await samlAudit(s.t)).at(-1)?.detail).toEqual({ method: 'saml', reason: 'bad-in-response-to' });

    const unasked = s.idp.response({ now: s.t.clock.now(), inResponseTo: null, email: SAML_MEMBER });
    expect((await postToAcs(client, unasked)).statusCode).toBe(400);
    expect((await samlAudit(s.t)).at(-1)?.detail).toEqual({ method: 'saml', reason: 'bad-in-response-to' });

    const { id } = await startSamlLogin(client);
    s.t.clock.advance(11 * MINUTE);
    const late = s.idp.response({ now: s.t.clock.now(), inResponseTo: id, email: SAML_MEMBER });
    expect((await postToAcs(client, late)).statusCode).toBe(400);
    expect((await samlAudit(s.t)).at(-1)?.detail).toEqual({ method: 'saml', reason: 'bad-in-response-to' });
    expect(client.cookies.size).toBe(0);
  });

  it('judges NotOnOrAfter by the app clock, with a minute of skew', async () => {
    const client = s.t.client();
    const { id } = await startSamlLogin(client);
    // Issued five minutes ago by the app's clock, valid for three: expired, whatever the real time.
    const issued = new Date(s.t.clock.now().getTime() - 5 * MINUTE);
    const answer = s.idp.response({
      now: issued,
      inResponseTo: id,
      email: SAML_MEMBER,
      notOnOrAfter: new Date(issued.getTime() + 3 * MINUTE),
    });
    expect((await postToAcs(client, answer)).statusCode).toBe(400);
    expect((await samlAudit(s.t)).at(-1)?.detail).toEqual({ method: 'saml', reason: 'expired' });

    const next = await startSamlLogin(client);
    const skewed = s.idp.response({
      now: s.t.clock.now(),
      inResponseTo: next.id,
      email: SAML_MEMBER,
      notOnOrAfter: new Date(s.t.clock.now().getTime() - 30_000),
    });
    expect((await postToAcs(client, skewed)).statusCode).toBe(303);
  });

  it('answers a person the team does not know with a 403 page, an audit row, and no session', async () => {
    const client = s.t.client();
    const sessions = await sessionCount(s.t);
    const res = await samlSignIn(s, client, { email: SAML_STRANGER });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(ERROR_MESSAGES.SSO_MEMBER_UNKNOWN);
    expect(client.cookies.size).toBe(0);
    expect(await sessionCount(s.t)).toBe(sessions);
    expect((await samlAudit(s.t)).at(-1)).toEqual({
      staff_email: SAML_STRANGER,
      action: 'sign-in-failed',
      detail: { method: 'saml', reason: 'not-a-member' },
    });
    const { rows } = await s.t.db.query(`SELECT 1 FROM users WHERE email = $1`, [SAML_STRANGER]);
    expect(rows).toEqual([]);
  });

  it('refuses a post that is no SAML Response at all', async () => {
    const client = s.t.client();
    for (const body of ['', Buffer.from('<html/>').toString('base64'), 'not base64 at all']) {
      const res = await postToAcs(client, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await samlAudit(s.t)).at(-1)?.detail).toEqual({ method: 'saml', reason: 'invalid' });
  });
});
