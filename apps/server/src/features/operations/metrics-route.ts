import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { metricsRegistry } from '../../infra/metrics/metrics';
import { operationalGauges, type HandedReadings } from './operational-gauges';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as hashes, so the comparison takes the same time whatever the length of what was sent. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const header = authorization ?? '';
  const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(sent), digest(token));
}

/** The Prometheus text of this process: the shared registry and the gauges read from this app's database. */
export function metricsText(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, readings: HandedReadings = {}) {
  const merged = Registry.merge([metricsRegistry, operationalGauges(deps, readings)]);
  return { contentType: merged.contentType, read: () => merged.metrics() };
}

/**
 * GET /metrics on the main port, only when METRICS_TOKEN is set, and only
 * with `Authorization: Bearer <token>` (401 otherwise). A separate
 * METRICS_PORT (server.ts) serves the same text to the internal network.
 */
export function metricsRoute(deps: AppDeps, token: string, readings: HandedReadings = {}) {
  const text = metricsText(deps, readings);
  return async (app: FastifyInstance) => {
    app.get('/metrics', async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) throw new AppError('UNAUTHORIZED');
      return reply
        .header('content-type', text.contentType)
        .header('cache-control', 'no-store')
        .send(await text.read());
    });
  };
}
