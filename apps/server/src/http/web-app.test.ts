import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const PAGE = `<!doctype html><title>Admissions Portal</title><script type="module" src="/assets/app-Ab12Cd34.js"></script>${' '.repeat(500)}`;

/** What the build lists for the pages whose first screen needs more than index.html loads. */
const PRELOADS = { '/about': ['/assets/app-Ab12Cd34.js', '/assets/app-Ef56Gh78.css'] };
/** What the web app fetches with credentials 'same-origin', which `crossorigin` preloads match. */
const preloadCall = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;
const TENANT = preloadCall('/public/tenant');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let t: TestApp;
let webDist: string;

/** A build as apps/web writes it: hashed assets and index.html, each with its .br and .gz copies. */
async function writeBuild(dir: string) {
  await mkdir(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': PAGE,
    'assets/app-Ab12Cd34.js': SCRIPT,
    'assets/app-Ef56Gh78.css': 'body{margin:0}'.repeat(50),
  };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dir, 'assets/logo-Ij90Kl12.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(dir, 'assets/icon-Mn34Op56.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite/page-preloads.json'), JSON.stringify(PRELOADS));
}

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'ap-web-'));
  await writeBuild(webDist);
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('serving the built web app', () => {
  it('sends a hashed script as brotli to a browser that accepts it, cached for a year and never revalidated', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-Ef56Gh78.css', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('body{margin:0}'.repeat(50));

    const plain = await get('/assets/app-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('sends files that are compressed already as they are', async () => {
    const res = await get('/assets/logo-Ij90Kl12.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html for a page path, compressed, and revalidated at every visit', async () => {
    const res = await get('/education-alr', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);

    const plain = await get('/about');
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed asset with only the headers a script or style uses: a phone on HTTP/1.1 pays for every byte', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Document-only policies, and validators an immutable file is never checked with.
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'etag', 'last-modified']) {
      expect(res.headers[name], name).toBeUndefined();
    }
    const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(headerBytes).toBeLessThan(400);
  });

  it('keeps the page policy on anything under /assets/ that a browser could open as a document', async () => {
    const res = await get('/assets/icon-Mn34Op56.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the page policy and validators on index.html, which is checked at every visit', async () => {
    const res = await get('/about', 'br');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['etag']).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("names a page's own code in a Link header, so the browser fetches it with the entry script", async () => {
    for (const url of ['/about', '/about?service_token=abc']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['link']).toBe(
        `</assets/app-Ab12Cd34.js>; rel=modulepreload, </assets/app-Ef56Gh78.css>; rel=preload; as=style; crossorigin, ${TENANT}`,
      );
    }
    const other = await get('/login', 'br');
    expect(other.statusCode).toBe(200);
    expect(other.headers['link']).toBe(TENANT);
    // The list itself is the build's, not a file of the site.
    const list = await get('/.vite/page-preloads.json', 'identity');
    expect(list.body).not.toContain('"/about"');
  });

  it("names the calls the app makes as it starts: the applicant's data too while the login cookie is there", async () => {
    const withCookies = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', cookie } });
    const applicantData = `${TENANT}, ${preloadCall('/api/profile')}, ${preloadCall('/api/add-another')}, ${preloadCall('/api/tabs')}`;

    const loggedIn = await withCookies('/login', `theme=dark; ${LOGIN_MARKER_COOKIE}=1`);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.headers['link']).toBe(applicantData);
    // Over https the marker is named __Host-…, and the web app still counts it.
    const secure = await withCookies('/about', `__Host-${LOGIN_MARKER_COOKIE}=1`);
    expect(secure.headers['link']).toMatch(new RegExp(`, ${escape(applicantData)}$`));
    // The session cookie alone is not what the app reads, so it does not ask for the data.
    const sessionOnly = await withCookies('/login', `${SESSION_COOKIE}=abc; other_${LOGIN_MARKER_COOKIE}=1`);
    expect(sessionOnly.headers['link']).toBe(TENANT);
    // Caches must not hand one visitor's page headers to another.
    expect(loggedIn.headers['vary']).toMatch(/\bcookie\b/i);
    expect(loggedIn.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('answers a missing asset with a JSON 404 rather than the page', async () => {
    const res = await get('/assets/app-Zz99Zz99.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves nothing of the build outside its assets, however the path is written', async () => {
    // Over a socket, so the paths reach the server as written: inject() would resolve the dots first.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const rawGet = (rawPath: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = request(`${origin}/`, { path: rawPath }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
        });
        req.on('error', reject);
        req.end();
      });

    // The success path first: an asset is served over the socket.
    expect((await rawGet('/assets/app-Ab12Cd34.js')).body).toBe(SCRIPT);
    // The build's own list of page code sits beside index.html, outside /assets/.
    for (const rawPath of [
      '/assets/../.vite/page-preloads.json',
      '/assets/%2e%2e/.vite/page-preloads.json',
      '/assets/..%2f.vite%2fpage-preloads.json',
      '/assets/%2e%2e%2findex.html',
      '/assets/',
    ]) {
      const res = await rawGet(rawPath);
      expect(res.body, rawPath).not.toContain('/assets/app-Ef56Gh78.css');
      expect(res.body, rawPath).not.toContain('<title>');
      expect(res.status, rawPath).toBe(404);
      expect(JSON.parse(res.body), rawPath).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Outside /assets/ any other path is a page of the app, never the file.
    const page = await rawGet('/.vite/page-preloads.json');
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).not.toContain('/assets/app-Ef56Gh78.css');
  });
});
