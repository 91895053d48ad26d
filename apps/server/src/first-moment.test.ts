import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './infra/db/db';
import { processDatabase } from './test-support/process-database';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';

/**
 * The server answers before its job queue has started (docs/decisions/021).
 * What a person does in that first moment, on a database the queue has never
 * seen, must work as it does a minute later.
 */
describe("the server's first moment on a new database", () => {
  let server: ServerProcess | undefined;
  let smtp: SmtpSink | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await server?.stop();
    await smtp?.close();
    await db?.close();
    server = smtp = db = undefined;
  });

  const startAndWaitForFirstAnswer = async (env: Record<string, string>) => {
    const database = await processDatabase();
    db = database.db;
    server = await startServerProcess({ ...env, ...database.env }, { waitReady: false });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await fetch(`${server.url}/api/profile`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 401) return server;
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.stderr()}`);
      if (Date.now() > deadline) throw new Error(`server did not answer:\n${server.stderr()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('a sign-up made as soon as the server answers succeeds, and its code is mailed', async () => {
    smtp = await startSmtpSink();
    const { url } = await startAndWaitForFirstAnswer({ SMTP_URL: smtp.url });
    const res = await fetch(`${url}/public/signup`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'early@example.edu', password: 'Correct-Horse-42' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect.poll(() => smtp!.mails.map((m) => m.to), { timeout: 30_000 }).toEqual([['early@example.edu']]);
    expect(smtp.mails[0]!.text).toMatch(/\b\d{6}\b/);
  }, 90_000);

  it('SIGTERM before the job queue has started ends the process with exit code 0', async () => {
    const started = await startAndWaitForFirstAnswer({});
    started.child.kill('SIGTERM');
    const { code } = await started.exited;
    expect(code, started.stderr()).toBe(0);
    expect(started.stderr()).not.toMatch(/error/i);
    server = undefined;
  }, 90_000);
});
