import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ASSET_PREFIX, isApiPath, noSuchAsset } from './api-paths';
import { AppError } from './app-error';
import { pageStartLink, readPagePreloads } from './page-preloads';

/** Vite names every file under assets/ by its content, so a name never changes meaning. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html (and anything else unhashed) is checked with the server on every use. */
const REVALIDATED = 'no-cache';
/** The build writes .br and .gz next to these (apps/web/precompress.ts). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)(?:\.br|\.gz)?$/;

/**
 * Serves the built web app: hashed assets cached for a year, and index.html
 * (never cached) for every other page path, so client routes work on reload,
 * with a Link header naming the page's own code where the build listed it,
 * and the calls the app makes as soon as that code runs.
 * Text files go out as the brotli or gzip copy the build wrote, whichever the
 * browser accepts. API paths that match nothing get a JSON 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const preloads = hasWeb ? await readPagePreloads(webDist) : new Map<string, string>();
  const assetsRoot = path.join(webDist, 'assets');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      // One route for every hashed file rather than one per file: listing the build and adding a
      // route for each of its ~190 files was a fifth of a start. A name that is not there falls
      // through to the not-found handler below.
      root: assetsRoot,
      prefix: ASSET_PREFIX,
      index: false,
      preCompressed: true,
      // Off, or the static plugin's own header ('public, max-age=0') replaces the one set below:
      // it applies its headers after setHeaders.
      cacheControl: false,
      // A hashed file is never revalidated (immutable), so validators would be bytes sent for nothing;
      // index.html turns them back on below. Ranges are for media, and the build has none.
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(res, file) {
        const hashed = file.startsWith(assetsRoot + path.sep);
        res.setHeader('cache-control', hashed ? HASHED : REVALIDATED);
        // Caches must keep the brotli, gzip and plain copies apart.
        if (COMPRESSIBLE.test(file)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(ASSET_PREFIX)) {
      return reply.status(404).send(noSuchAsset(req.url).toBody());
    }
    if (!hasWeb || isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    }
    const pageCode = preloads.get(req.url.split('?')[0]!);
    const calls = pageStartLink(Object.keys(req.cookies));
    return (
      reply
        .header('link', pageCode ? `${pageCode}, ${calls}` : calls)
        // index.html is sent compressed, and the calls named depend on the login cookie.
        .header('vary', 'accept-encoding, cookie')
        .header('cache-control', REVALIDATED)
        .type('text/html')
        .sendFile('index.html', webDist, { etag: true, lastModified: true })
    );
  });
}
