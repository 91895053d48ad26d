import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createPostgresDb, type PostgresDb } from './infra/db/postgres-db';
import { startTcpProxy } from './test-support/tcp-proxy';
import { startTestApp, type TestApp } from './test-support/test-app';

/** Polls GET /health/ready until it answers `status`; resolves with how long that took. */
async function readyTurns(app: FastifyInstance, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs + 5000) {
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    if (res.statusCode === status) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/health/ready never answered ${status}`);
}

/**
 * Issue 31: readiness follows the database. PostgreSQL only: the app reaches
 * its database through a TCP proxy the test cuts, freezes and mends (never the
 * machine's PostgreSQL itself); PGlite lives inside the process.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('GET /health/ready while PostgreSQL comes and goes', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let db: PostgresDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp();
    const direct = new URL((t.db as unknown as { connectionString: string }).connectionString);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const { dbConnectTimeoutMs, dbStatementTimeoutMs } = t.deps.config;
    db = createPostgresDb({
      connectionString: viaProxy.toString(),
      max: 4,
      connectTimeoutMs: dbConnectTimeoutMs,
      statementTimeoutMs: dbStatementTimeoutMs,
    });
    app = await buildApp({ ...t.deps, db }, pino({ level: 'silent' }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await proxy?.close();
    await t?.close();
  });

  it('answers 503 within 2 s of the database becoming unreachable, and 200 within 5 s of its return; /health/live stays 200', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);

    proxy.cut();
    const down = await readyTurns(app, 503, 2000);
    expect(down).toBeLessThan(2000);
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'database' });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

    proxy.mend();
    expect(await readyTurns(app, 200, 5000)).toBeLessThan(5000);
  }, 60_000);

  it('answers 503 within 2 s when the database freezes (no answer, no close), and 200 within 5 s of the thaw', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);

    proxy.freeze();
    const started = Date.now();
    const frozen = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(frozen.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);

    proxy.mend();
    expect(await readyTurns(app, 200, 5000)).toBeLessThan(5000);
  }, 60_000);
});
