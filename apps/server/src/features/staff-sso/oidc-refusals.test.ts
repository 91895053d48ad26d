import { ERROR_MESSAGES } from '@admissions/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdTokenChange } from '../../test-support/oidc-provider';
import type { TestClient } from '../../test-support/test-app';
import {
  MEMBER,
  signInAtProvider,
  signInAudit,
  startOidcTest,
  startSignIn,
  stateRowId,
  type OidcTest,
} from './oidc.test-helpers';

describe('the OpenID callback refuses what is not the answer to its own request', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest();
  });
  afterAll(() => s.close());

  /** A 400 page, no session in this browser, and the audit row's reason (the last failure recorded). */
  async function expectRefused(client: TestClient, res: LightMyRequestResponse, reason: string) {
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(ERROR_MESSAGES.SSO_FAILED);
    expect(res.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^ap_session=/)]),
    );
    expect((await client.get('/api/staff/applications')).statusCode).toBe(401);
    const failures = (await signInAudit(s.t)).filter((row) => row.action === 'sign-in-failed');
    expect(failures.at(-1)?.detail).toEqual({ method: 'oidc', reason });
  }

  /** Starts a sign-in in this client and signs in at the provider: the callback path, not yet called. */
  async function answerFor(client: TestClient) {
    const started = await startSignIn(client);
    return { ...started, callback: await signInAtProvider(started.authorizationUrl, MEMBER) };
  }

  it('signs in when nothing is changed (the baseline of the refusals below)', async () => {
    const client = s.t.client();
    const { callback } = await answerFor(client);
    expect((await client.get(callback)).statusCode).toBe(303);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
  });

  it('refuses a state it never gave, and a callback with none', async () => {
    const client = s.t.client();
    const { callback } = await answerFor(client);
    const forged = callback.replace(/state=[^&]+/, 'state=made-up-state');
    await expectRefused(client, await client.get(forged), 'bad-state');
    await expectRefused(client, await client.get('/auth/staff/oidc/callback?code=abc'), 'bad-state');
    await expectRefused(client, await client.get('/auth/staff/oidc/callback?code=abc&state=a&state=b'), 'bad-state');
  });

  it('refuses a state used once already', async () => {
    const client = s.t.client();
    const { callback } = await answerFor(client);
    expect((await client.get(callback)).statusCode).toBe(303);
    const again = s.t.client();
    for (const [name, value] of client.cookies) if (name === 'ap_staff_oidc') again.cookies.set(name, value);
    await expectRefused(again, await again.get(callback), 'bad-state');
  });

  it('refuses a state started in another browser (login CSRF)', async () => {
    const victim = s.t.client();
    const attacker = s.t.client();
    // The attacker's own sign-in, finished in the victim's browser, would sign the victim in as the attacker.
    const { callback } = await answerFor(attacker);
    await startSignIn(victim);
    await expectRefused(victim, await victim.get(callback), 'other-browser');
  });

  it('refuses a sign-in finished more than 10 minutes after it started', async () => {
    const client = s.t.client();
    const { callback } = await answerFor(client);
    s.t.clock.advance(11 * 60_000);
    await expectRefused(client, await client.get(callback), 'expired-state');
  });

  it('refuses an ID token whose nonce is not the one kept for the state', async () => {
    const client = s.t.client();
    const { callback, state } = await answerFor(client);
    await s.t.db.query(
      `UPDATE staff_sso_requests SET value = jsonb_set(value::jsonb, '{nonce}', '"another-nonce"')::text WHERE id = $1`,
      [stateRowId(state)],
    );
    await expectRefused(client, await client.get(callback), 'bad-nonce');
  });

  it('refuses a code redeemed with another PKCE verifier (the provider refuses the code)', async () => {
    const client = s.t.client();
    const { callback, state } = await answerFor(client);
    await s.t.db.query(
      `UPDATE staff_sso_requests SET value = jsonb_set(value::jsonb, '{code_verifier}', to_jsonb(repeat('a', 43)))::text
       WHERE id = $1`,
      [stateRowId(state)],
    );
    await expectRefused(client, await client.get(callback), 'token-rejected');
  });

  it('refuses the sign-in when the provider sends an error instead of a code', async () => {
    const client = s.t.client();
    const { state } = await startSignIn(client);
    const res = await client.get(`/auth/staff/oidc/callback?error=access_denied&state=${state}`);
    await expectRefused(client, res, 'idp-refused');
  });

  const forgeries: [string, IdTokenChange][] = [
    ['signed with a key the provider never published', { signWithOtherKey: true }],
    ['not signed at all (alg none)', { unsigned: true }],
    ['for another client (aud)', { claims: (c) => ({ ...c, aud: 'another-client' }) }],
    ['from another issuer (iss)', { claims: (c) => ({ ...c, iss: 'https://idp.evil.test' }) }],
    ['expired (exp)', { claims: (c) => ({ ...c, iat: c.iat! - 7200, exp: c.iat! - 3600 }) }],
  ];
  it.each(forgeries)('refuses an ID token %s', async (_name, change) => {
    const client = s.t.client();
    const { callback } = await answerFor(client);
    s.provider.changeNextIdToken(change);
    await expectRefused(client, await client.get(callback), 'token-rejected');
  });
});
