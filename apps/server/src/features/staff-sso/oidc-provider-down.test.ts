import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MEMBER, oidcSignIn, startOidcTest, type OidcTest } from './oidc.test-helpers';

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a campus provider that is down', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest();
  });
  afterAll(() => s.close());

  it('keeps the app serving, answers the staff button with a 503 page, and is tried again at the next sign-in', async () => {
    s.provider.setUnavailable(true);
    const down = await s.t.client().get('/auth/staff/oidc/login');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('30');
    expect(down.headers['content-type']).toMatch(/^text\/html/);
    expect(down.body).toContain(ERROR_MESSAGES.SERVICE_UNAVAILABLE);
    // Applicants are not affected.
    expect((await s.t.client().get('/public/staff-sso')).statusCode).toBe(200);

    s.provider.setUnavailable(false);
    const client = s.t.client();
    expect((await oidcSignIn(client, MEMBER)).statusCode).toBe(303);
    expect((await client.get('/api/staff/applications')).statusCode).toBe(200);
  });
});

describe('a campus provider that nothing answers for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      STAFF_OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      STAFF_OIDC_CLIENT_ID: 'admissions-portal',
      STAFF_OIDC_CLIENT_SECRET: 'a-secret',
    });
  });
  afterAll(() => t.close());

  it('lets the app start, and says so at the sign-in (503, in the error shape for an API client)', async () => {
    expect((await t.client().get('/health/live')).statusCode).toBe(200);
    const res = await t.client().get('/auth/staff/oidc/login', { accept: 'application/json' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses a back-channel logout with 503 too, so the provider sends it again later', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/staff/oidc/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logout_token=x',
    });
    expect(logout.statusCode).toBe(503);
  });
});
