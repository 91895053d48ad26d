import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { signUpAndLogIn, startTestApp, TestClient, type TestApp } from '../../test-support/test-app';
import { startTcpProxy } from '../../test-support/tcp-proxy';
import { createPostgresDb, type PostgresDb } from './postgres-db';

/** The test app's routes on a pool that reaches its database through a TCP proxy the test cuts, freezes and mends. */
async function appViaProxy(t: TestApp, limits: { connectTimeoutMs: number; statementTimeoutMs: number }) {
  const direct = new URL((t.db as unknown as { connectionString: string }).connectionString);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const db = createPostgresDb({ connectionString: viaProxy.toString(), max: 4, ...limits });
  const app = await buildApp({ ...t.deps, db }, pino({ level: 'silent' }));
  await app.ready();
  return { proxy, db, app };
}

/** A client of the proxied app, logged in as a new applicant. */
async function loggedInViaProxy(t: TestApp, app: FastifyInstance, email: string) {
  const seed = t.client();
  await signUpAndLogIn(t, seed, email);
  const client = new TestClient(app, '203.0.113.10', new URL(t.deps.config.publicUrl).origin);
  for (const [k, v] of seed.cookies) client.cookies.set(k, v);
  return client;
}

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
    ({ proxy, db, app } = await appViaProxy(t, { connectTimeoutMs: 1000, statementTimeoutMs: 2000 }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await proxy?.close();
    await t?.close();
  });

  it('answers 503 with Retry-After (not 500) during the outage, and 200 again by itself once it is over', async () => {
    const client = await loggedInViaProxy(t, app, 'outage@example.edu');
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
    const client = await loggedInViaProxy(t, app, 'frozen@example.edu');
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

/**
 * Issue 27, item 3: with the production limits (config.ts defaults), a frozen
 * database (a proxy that stops passing bytes and closes nothing, as SIGSTOP or
 * a network dropping packets does) answers 503 within 3 s, many calls at once
 * do not queue behind each other, and the first call after it thaws succeeds.
 * PGlite runs in the test's own process and cannot freeze apart from it: this
 * is PostgreSQL only.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('while the database is frozen, with the default limits', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let db: PostgresDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp();
    const { config } = t.deps;
    ({ proxy, db, app } = await appViaProxy(t, {
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    }));
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await db?.close();
    await t?.close();
  });

  it('PUT /api/answer and GET /api/profile answer 503 within 3 s, even 40 at once, and the first call after the thaw succeeds', async () => {
    const client = await loggedInViaProxy(t, app, 'frozen-defaults@example.edu');
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    expect((await client.put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);

    proxy.freeze();
    const timed = async (call: () => Promise<{ statusCode: number; json: () => unknown; headers: object }>) => {
      const started = Date.now();
      const res = await call();
      return { res, ms: Date.now() - started };
    };
    for (const { res, ms } of [
      await timed(() => client.put('/api/answer', { first_name: 'Grace' })),
      await timed(() => client.get('/api/profile')),
      ...(await Promise.all(Array.from({ length: 40 }, () => timed(() => client.get('/api/profile'))))),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
      expect(ms).toBeLessThan(3000);
    }

    proxy.mend();
    // The connections the thaw closed are dropped by the pool as their close arrives (I/O, not a timer).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const first = await client.get('/api/profile');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ answer: { first_name: 'Ada' } });
  }, 60_000);

  it('answer saves in the first wave answer 503 within 3 s: those that reach a batch already in the frozen database, and one applicant saving six times at once', async () => {
    const { config } = t.deps;
    // Each applicant saved once before the freeze (a claimed rate-limit lease, a pooled connection), but for
    // the last one, whose first saves come during the freeze and must each claim from the database.
    const saved: TestClient[] = [];
    for (const n of ['one', 'two', 'three', 'four', 'five', 'six']) {
      const client = await loggedInViaProxy(t, app, `wave-${n}@example.edu`);
      expect((await client.put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);
      saved.push(client);
    }
    const fresh = await loggedInViaProxy(t, app, 'wave-fresh@example.edu');
    expect(config.dbStatementTimeoutMs).toBe(2000);

    proxy.freeze();
    const timedSave = async (client: TestClient, name: string) => {
      const started = Date.now();
      const res = await client.put('/api/answer', { first_name: name });
      return { res, ms: Date.now() - started };
    };
    const firstBatch = saved.slice(0, 3).map((c) => timedSave(c, 'Grace'));
    // The next saves arrive while the first batch waits on the frozen database (its statement has been sent).
    await proxy.reached();
    const behindIt = [
      ...saved.slice(3).map((c) => timedSave(c, 'Hopper')),
      ...Array.from({ length: 6 }, (_, i) => timedSave(fresh, `Lovelace ${i}`)),
    ];
    for (const { res, ms } of await Promise.all([...firstBatch, ...behindIt])) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(ms).toBeLessThan(3000);
    }

    proxy.mend();
    await expect
      .poll(async () => (await saved[0]!.put('/api/answer', { first_name: 'Katherine' })).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    expect((await saved[0]!.get('/api/profile')).json()).toMatchObject({ answer: { first_name: 'Katherine' } });
  }, 60_000);
});
