import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe('security headers', () => {
  let t: TestApp | undefined;
  let webDist: string | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  async function startWithWebApp(env: Record<string, string> = {}) {
    webDist = await mkdtemp(path.join(tmpdir(), 'ap-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Admissions Portal</title>');
    return startTestApp({ WEB_DIST: webDist, ...env });
  }

  it('lets nothing load, frame, sniff or cache an API answer, errors included', async () => {
    t = await startTestApp();
    for (const [method, url] of [
      ['GET', '/public/tenant'],
      ['GET', '/api/profile'],
      ['PUT', '/api/answer'],
      ['GET', '/api/no-such-call'],
      ['GET', '/%61pi/profile'],
    ] as const) {
      const res = await t.client().request(method, url, method === 'PUT' ? {} : undefined);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("serves the web app's pages with the page policy and no referrer", async () => {
    t = await startWithWebApp();
    const res = await t.client().request('GET', '/education-alr');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Admissions Portal</title>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to stay on https when the portal is served over https', async () => {
    t = await startWithWebApp({ PUBLIC_URL: 'https://portal.test' });
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const api = await t.app.inject({ method: 'GET', url: '/public/tenant' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
