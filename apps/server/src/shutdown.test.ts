import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { processDatabase } from './test-support/process-database';
import type { Db } from './infra/db/db';

function call(url: string, agent: Agent, method = 'GET', body?: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      url,
      {
        method,
        agent,
        headers: { origin: new URL(url).origin, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('stopping the server process', () => {
  let server: ServerProcess | undefined;
  let smtp: SmtpSink | undefined;
  let db: Db | undefined;
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await db?.close();
  });

  it('on SIGTERM with 20 idle keep-alive sockets and a sign-up in flight: the sign-up gets its answer and the process exits 0 in under 10 s', async () => {
    smtp = await startSmtpSink();
    const database = await processDatabase();
    db = database.db;
    server = await startServerProcess({ SMTP_URL: smtp.url, ...database.env });
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    // 20 clients that keep their sockets open after an answer, as browsers do.
    await Promise.all(Array.from({ length: 20 }, () => call(`${server!.url}/public/tenant`, agent)));
    const idleSockets = Object.values(agent.freeSockets).flat().length;
    expect(idleSockets).toBeGreaterThanOrEqual(10);

    const inFlight = call(`${server.url}/public/signup`, new Agent(), 'POST', {
      username: 'sigterm@example.edu',
      password: 'Correct-Horse-42',
    });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const tookMs = Date.now() - started;
    console.log(`exited ${code} in ${tookMs} ms with ${idleSockets} idle keep-alive sockets open`);

    expect((await inFlight).status).toBe(200);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    agent.destroy();
  }, 90_000);
});

describe('starting without a database', () => {
  it('prints one line and exits 1 within 30 s when the database cannot be reached', async () => {
    const { freePort } = await import('./test-support/server-process');
    const port = await freePort();
    const started = Date.now();
    const server = await startServerProcess(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere` },
      { waitReady: false },
    );
    const { code } = await server.exited;
    const tookMs = Date.now() - started;
    expect(code).toBe(1);
    expect(tookMs).toBeLessThan(30_000);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach the database at 127\.0\.0\.1:\d+ .*; not starting\.$/);
  }, 60_000);
});

describe('readiness during a stop (issue 31)', () => {
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  it('on SIGTERM /health/ready answers 503 at once while the process still serves, then it exits 0', async () => {
    const database = await processDatabase();
    db = database.db;
    server = await startServerProcess({ ...database.env, SHUTDOWN_DRAIN_MS: '3000' });
    const agent = new Agent();
    expect((await call(`${server.url}/health/ready`, agent)).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    let ready = await call(`${server.url}/health/ready`, agent);
    while (ready.status === 200 && Date.now() - signalled < 1000)
      ready = await call(`${server.url}/health/ready`, agent);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'stopping' });
    expect(Date.now() - signalled).toBeLessThan(1000);
    // Still serving while the balancer learns: the process is alive, and calls are answered.
    expect((await call(`${server.url}/health/live`, agent)).status).toBe(200);
    expect((await call(`${server.url}/public/tenant`, agent)).status).toBe(200);

    const { code } = await server.exited;
    expect(code).toBe(0);
    agent.destroy();
  }, 90_000);
});
