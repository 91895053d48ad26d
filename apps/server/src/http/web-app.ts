import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths';
import { AppError } from './app-error';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html
 * (never cached) for every other page path, so client routes work on reload.
 * API paths that match nothing get a JSON 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', (req) => {
      throw new AppError('NOT_FOUND', { message: `No such asset: ${req.url}` });
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!hasWeb || isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
