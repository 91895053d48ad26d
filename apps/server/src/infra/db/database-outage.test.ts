import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { signUpAndLogIn, startTestApp, TestClient, type TestApp } from '../../test-support/test-app';
import { startTcpProxy } from '../../test-support/tcp-proxy';
import { createPostgresDb, type PostgresDb } from './postgres-db';

/**
 * PostgreSQL only: the app under test reaches its database through a TCP
 * proxy the test cuts and mends (never the machine's PostgreSQL itself).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('while the database is down', () => {
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
    db = createPostgresDb({
      connectionString: viaProxy.toString(),
      max: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 2000,
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

  it('answers 503 with Retry-After (not 500) during the outage, and 200 again by itself once it is over', async () => {
    const seed = t.client();
    await signUpAndLogIn(t, seed, 'outage@example.edu');
    const client = new TestClient(app, '203.0.113.10', new URL(t.deps.config.publicUrl).origin);
    for (const [k, v] of seed.cookies) client.cookies.set(k, v);
    expect((await client.get('/api/profile')).statusCode).toBe(200);

    proxy.cut();
    const started = Date.now();
    for (const res of [
      await client.get('/api/profile'),
      await client.put('/api/answer', { first_name: 'Ada' }),
      await client.post('/public/forgot-password', { username: 'outage@example.edu' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Each answer came within the connect timeout, not after a long hang.
    expect(Date.now() - started).toBeLessThan(10_000);

    proxy.mend();
    await expect
      .poll(async () => (await client.get('/api/profile')).statusCode, { timeout: 15_000, interval: 250 })
      .toBe(200);
    expect((await client.put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 within the query timeout (statement timeout 2 s + 2 s here) when the database freezes, instead of hanging', async () => {
    const seed = t.client();
    await signUpAndLogIn(t, seed, 'frozen@example.edu');
    const client = new TestClient(app, '203.0.113.10', new URL(t.deps.config.publicUrl).origin);
    for (const [k, v] of seed.cookies) client.cookies.set(k, v);
    expect((await client.get('/api/profile')).statusCode).toBe(200);

    proxy.freeze();
    const started = Date.now();
    const res = await client.get('/api/profile');
    const tookMs = Date.now() - started;
    console.log(`frozen database: answered ${res.statusCode} after ${tookMs} ms`);
    expect(res.statusCode).toBe(503);
    expect(tookMs).toBeLessThan(8000);

    proxy.mend();
    await expect
      .poll(async () => (await client.get('/api/profile')).statusCode, { timeout: 15_000, interval: 250 })
      .toBe(200);
  }, 60_000);
});
