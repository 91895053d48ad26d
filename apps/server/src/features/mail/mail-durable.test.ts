import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUCCESS_MESSAGES } from '@admissions/domain';
import { PASSWORD } from '../../test-support/account-helpers';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';
import { MAIL_QUEUE } from './mail-jobs';

const codeIn = (text: string) => /Your confirmation code is: (\d{6})\b/.exec(text)?.[1];

async function mailJobStates(t: TestApp): Promise<string[]> {
  const { rows } = await t.db.query<{ state: string }>(
    'SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on',
    [MAIL_QUEUE],
  );
  return rows.map((r) => r.state);
}

/** A relay that accepts the connection and then says nothing, as a stalled one does. */
async function startStalledRelay(port = 0): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('durable mail', () => {
  let t: TestApp;
  let revived: SmtpSink | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await revived?.close();
    await t?.close();
  });

  it('answers sign-up the same while SMTP is down, and delivers the code exactly once (1 mail) after it is back', async () => {
    const username = 'smtp.down@example.edu';
    const port = t.smtp.port;
    await t.smtp.close();

    const res = await t.client().post('/public/signup', { username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.signup });
    // The send failed and waits in backoff; nothing is lost.
    await expect.poll(() => mailJobStates(t), { timeout: 10_000 }).toEqual(['retry']);

    revived = await startSmtpSink(port);
    await expect.poll(() => revived!.to(username).length, { timeout: 20_000, interval: 200 }).toBe(1);
    await expect.poll(() => mailJobStates(t), { timeout: 5000 }).toEqual(['completed']);
    await new Promise((r) => setTimeout(r, 2500));
    expect(revived.to(username)).toHaveLength(1);

    // The code that arrived is the live one.
    const code = codeIn(revived.last(username).text);
    expect((await t.client().post('/public/confirm', { username, code })).statusCode).toBe(200);
  }, 45_000);
});

describe('a stalled relay', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startStalledRelay>>;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    relay = await startStalledRelay();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
  });
  afterAll(async () => {
    await sink?.close();
    await relay?.close();
    await t?.close();
  });

  it('holds no call (answer under 1 s) and no worker: the send times out and the mail arrives once the relay answers', async () => {
    const username = 'smtp.stalled@example.edu';
    // Straight to the app, without the test client's wait for mail delivery.
    const post = (url: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, payload: body as object, headers: { origin: TEST_PUBLIC_URL } });
    const started = Date.now();
    const res = await post('/public/forgot-password', { username: 'nobody@example.edu' });
    const signup = await post('/public/signup', { username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(signup.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    // The stalled send is cut by the mailer's timeout and goes into backoff.
    await expect.poll(() => mailJobStates(t), { timeout: 15_000 }).toContain('retry');
    await relay.close();
    sink = await startSmtpSink(relay.port);
    await expect.poll(() => sink!.to(username).length, { timeout: 30_000, interval: 200 }).toBe(1);
  }, 60_000);
});
