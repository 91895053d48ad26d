import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { OIDC_LABEL, startOidcTest, type OidcTest } from './oidc.test-helpers';

describe('GET /public/staff-sso with OpenID Connect set up', () => {
  let s: OidcTest;
  beforeAll(async () => {
    s = await startOidcTest();
  });
  afterAll(() => s.close());

  it("answers the staff button's label and where it leads", async () => {
    const res = await s.t.client().get('/public/staff-sso');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ label: OIDC_LABEL, login_url: '/auth/staff/oidc/login', protocol: 'oidc' });
  });
});

describe('GET /public/staff-sso without single sign-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 SSO_NOT_CONFIGURED (the sign-in page shows no staff button), and there are no OpenID routes', async () => {
    const res = await t.client().get('/public/staff-sso');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
    expect((await t.client().get('/auth/staff/oidc/login')).statusCode).toBe(404);
  });
});
