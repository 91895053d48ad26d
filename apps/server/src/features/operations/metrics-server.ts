import { createServer } from 'node:http';
import type { AppDeps } from '../../app-deps';
import { bearerMatches, metricsText } from './metrics-route';
import type { HandedReadings } from './operational-gauges';

/**
 * METRICS_PORT: a second listener that serves GET /metrics alone, for a
 * scraper on the internal network (bind it where the public cannot reach,
 * deploy/README.md). With METRICS_TOKEN set, it asks for the token too.
 */
export async function startMetricsServer(deps: AppDeps, port: number, host: string, readings: HandedReadings = {}) {
  const text = metricsText(deps, readings);
  const token = deps.config.metricsToken;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized\n');
      return;
    }
    text.read().then(
      (body) => res.writeHead(200, { 'content-type': text.contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
