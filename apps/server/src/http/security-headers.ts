import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath, isSubresourcePath } from './api-paths';

/**
 * Pages of the web app get helmet's full set, with our Content-Security-Policy.
 * API answers are data, never a document, so they get the short set OWASP's
 * REST Security Cheat Sheet gives for APIs: nothing may load or frame them,
 * nothing may sniff or cache them. That also keeps a deadline-day autosave's
 * answer at a third of the bytes (bench/answer-save.bench.ts).
 *
 * The build's scripts, styles, fonts and images under /assets/ are never a
 * document: the page policies (CSP, framing, referrer) do nothing there, so
 * they get only what applies to a subresource. Over HTTP/1.1 every
 * header is sent with each of the twenty-odd files of a first load; the page
 * set alone is 650 bytes a file (bench/lighthouse.bench.ts, initial JS).
 *
 * Helmet is built once here: the @fastify/helmet plugin rebuilt it, and
 * re-parsed the whole policy, on every request.
 */
/** `uploadOrigins`: where the browser posts document uploads (an S3 bucket), allowed in connect-src. */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: URL, uploadOrigins: readonly string[] = []) {
  const https = publicUrl.protocol === 'https:';
  const hsts = 'max-age=31536000; includeSubDomains';
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'", ...uploadOrigins],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    // Reset links carry their token in the query string; never leak it to another site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  const apiHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': hsts } : {}),
  };

  const assetHeaders: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': hsts } : {}),
  };

  app.addHook('onRequest', (request, reply, done) => {
    // The route matched too: the router decodes the path, so /%61pi/profile is /api/profile.
    if (isApiPath(request.url) || isApiPath(request.routeOptions.url ?? '')) {
      reply.headers(apiHeaders);
      done();
    } else if (isSubresourcePath(request.url)) {
      // Only the exact prefix: any other spelling of the path gets the page set, the stricter one.
      reply.headers(assetHeaders);
      done();
    } else {
      pageHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    }
  });
}
