import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './infra/db/db';
import { processDatabase } from './test-support/process-database';
import { startServerProcess, type ServerProcess } from './test-support/server-process';

/**
 * A hook, loaded before the server, that says on stderr each OpenTelemetry module the process resolves:
 * the SDK, exporters and instrumentations. Not `@opentelemetry/api`, the no-op facade that prom-client
 * itself requires (for exemplars) and that sends nothing anywhere (decision 045).
 */
const WATCH_OTEL = [
  '--import',
  'data:text/javascript,import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){if(s.includes("@opentelemetry/")&&s!=="@opentelemetry/api")process.stderr.write("LOADED "+s+"\\n");return n(s,c)}})',
];

/** An OTLP/HTTP collector on a free port that keeps what it is sent. */
async function startCollector() {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('optional tracing (OpenTelemetry)', () => {
  const started: ServerProcess[] = [];
  const dbs: Db[] = [];
  let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await Promise.all(dbs.map((d) => d.close()));
    await collector?.close();
  });

  it('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is loaded; with it, the calls arrive as spans', async () => {
    const database = await processDatabase();
    if (database.db) dbs.push(database.db);
    const plain = await startServerProcess(database.env, { nodeArgs: WATCH_OTEL });
    started.push(plain);
    expect((await fetch(`${plain.url}/public/tenant`)).status).toBe(200);
    await plain.stop();
    expect(plain.stderr()).not.toContain('LOADED');

    collector = await startCollector();
    const second = await processDatabase();
    if (second.db) dbs.push(second.db);
    const traced = await startServerProcess(
      { ...second.env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' },
      { nodeArgs: WATCH_OTEL },
    );
    started.push(traced);
    expect(traced.stderr()).toContain('LOADED @opentelemetry/sdk-node');
    expect((await fetch(`${traced.url}/public/tenant`)).status).toBe(200);
    await expect
      .poll(() => collector!.bodies.join('\n'), { timeout: 15_000, interval: 100 })
      .toContain('/public/tenant');
    const sent = collector.bodies.join('\n');
    expect(sent).toContain('admissions-portal');
    // The probes are left out: they would drown the applicants' calls.
    await fetch(`${traced.url}/health/ready`);
    await traced.stop();
    expect(collector.bodies.join('\n')).not.toContain('/health/ready');
  }, 120_000);
});
