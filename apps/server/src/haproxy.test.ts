import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentConversionPath, type DocumentStatusResponse, type PresignedUrlResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './features/documents/test-files';
import { MAIL_QUEUE } from './features/mail/mail-jobs';
import type { Db } from './infra/db/db';
import { freePort, startServerProcess, type ServerProcess } from './test-support/server-process';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { createTestDb } from './test-support/test-db';

/**
 * Issue 31: HAProxy from Debian, with deploy/haproxy.cfg as a college would
 * run it, in front of two server processes on one PostgreSQL database. A
 * whole applicant journey goes through it over HTTP while one process is
 * stopped (SIGTERM) and started again and the other is killed (kill -9).
 * PostgreSQL only: PGlite is one process's database.
 */
const CONFIG = path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg');
const PASSWORD = 'Correct-Horse-42';
const SECRET_KEY = 'haproxy-test-processes-share-this-key-0123456789abcdef';
const RECEIPT_SUBJECT = 'We received your Graduate Application for Admission';
const codeIn = (text: string) => /Your confirmation code is: (\d{6})\b/.exec(text)?.[1];

/** A browser: keeps its cookies, sends its origin, over real HTTP to the balancer. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call(method: string, url: string, body?: object) {
    const sent = fetch(this.base + url, {
      method,
      headers: {
        origin: this.base,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // Which call failed, when a connection is cut under it.
    const res = await sent.catch((err: Error) => {
      throw new Error(`${method} ${url}: ${err.message} (${String((err.cause as Error | undefined)?.message)})`);
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = res.headers.get('content-type') ?? '';
    const data = type.includes('json') ? ((await res.json()) as Record<string, unknown>) : await res.arrayBuffer();
    return {
      status: res.status,
      json: data as Record<string, unknown>,
      bytes: data as ArrayBuffer,
      headers: res.headers,
    };
  }
}

async function startHaproxy(env: Record<string, string>) {
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', CONFIG], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')(
  'an applicant through HAProxy while its processes stop and die',
  () => {
    let db: Db;
    let smtp: SmtpSink;
    let s3: S3rver;
    let s3Dir: string;
    let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
    const processes: ServerProcess[] = [];
    let env: Record<string, string>;
    let base: string;
    let ports: [number, number];

    beforeAll(async () => {
      db = await createTestDb();
      smtp = await startSmtpSink();
      s3Dir = await mkdtemp(path.join(tmpdir(), 'ap-haproxy-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'documents' }],
      });
      const { port: s3Port } = await s3.run();
      const balancerPort = await freePort();
      ports = [await freePort(), await freePort()];
      base = `http://127.0.0.1:${balancerPort}`;
      env = {
        DATABASE_URL: (db as unknown as { connectionString: string }).connectionString,
        SECRET_KEY,
        SMTP_URL: smtp.url,
        PUBLIC_URL: base,
        TRUST_PROXY: '1',
        S3_BUCKET: 'documents',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        // A killed process's jobs come back on their heartbeat; the queue looks for them every 2 s here.
        JOB_SUPERVISE_INTERVAL_SECONDS: '2',
        // What this test checks is the balancer and the processes, not the database's limits on a loaded CI machine.
        DB_CONNECT_TIMEOUT_MS: '5000',
        DB_STATEMENT_TIMEOUT_MS: '10000',
      };
      processes.push(
        ...(await Promise.all(ports.map((port) => startServerProcess(env, { port, startTimeoutMs: 150_000 })))),
      );
      haproxy = await startHaproxy({
        PORTAL_BIND: `127.0.0.1:${balancerPort}`,
        PORTAL_APP1: `127.0.0.1:${ports[0]}`,
        PORTAL_APP2: `127.0.0.1:${ports[1]}`,
      });
      // The balancer's first checks pass (rise 2 × 500 ms) before the journey starts.
      const deadline = Date.now() + 15_000;
      while ((await fetch(`${base}/health/ready`).catch(() => undefined))?.status !== 200) {
        if (Date.now() > deadline) throw new Error(`HAProxy sent nothing through:\n${haproxy.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 360_000);

    afterAll(async () => {
      await haproxy?.stop();
      await Promise.all(processes.map((p) => p.stop()));
      await smtp?.close();
      await s3?.close();
      if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
      await db?.close();
    });

    it('signs up, confirms, saves, uploads, submits once and gets the PDF copy; no acknowledged save is lost', async () => {
      const browser = new Browser(base);
      const username = 'through.haproxy@example.edu';
      const signup = await browser.call('POST', '/public/signup', { username, password: PASSWORD });
      expect(signup.status).toBe(200);
      // The server's own id comes back (the balancer's reaches its log as client_request_id).
      expect(signup.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => smtp.to(username).length, { timeout: 20_000 }).toBe(1);
      const code = codeIn(smtp.last(username).text);
      expect((await browser.call('POST', '/public/confirm', { username, code })).status).toBe(200);
      expect((await browser.call('POST', '/public/login', { username, password: PASSWORD })).status).toBe(200);

      // Saves go on, one after another as an applicant types, while the processes are stopped and killed.
      const keys = ['first_name', 'last_name', 'city', 'address_line_1'] as const;
      const acknowledged = new Map<string, number>();
      const refused: number[] = [];
      let saving = true;
      let n = 0;
      const saves = (async () => {
        while (saving) {
          const key = keys[n % keys.length]!;
          const value = n;
          n += 1;
          const res = await browser.call('PUT', '/api/answer', { [key]: `Value ${value}` }).catch(() => undefined);
          if (res?.status === 200) acknowledged.set(key, value);
          else refused.push(res?.status ?? 0);
          // About as fast as a quick typist's saves, well under the 600 a minute a session may make.
          await new Promise((r) => setTimeout(r, 150));
        }
      })();

      // 1. The first process is stopped (SIGTERM) and started again on its port.
      await new Promise((r) => setTimeout(r, 500));
      await processes[0]!.stop();
      processes[0] = await startServerProcess(env, { port: ports[0], startTimeoutMs: 150_000 });
      // The balancer sees it ready again (rise 2 × 500 ms) before the other goes.
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${ports[0]}/health/ready`).catch(() => undefined))?.status, {
          timeout: 15_000,
        })
        .toBe(200);
      await new Promise((r) => setTimeout(r, 1500));

      // 2. An upload whose conversion is asked for now, and may be taken by the process about to die.
      const form = (await browser.call('POST', '/api/presigned-url', { answer_key: 'research_upload' }))
        .json as unknown as PresignedUrlResponse;
      const body = new FormData();
      for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
      body.append('file', new Blob([(await makePdf()) as Uint8Array<ArrayBuffer>]), 'plan.pdf');
      const uploaded = await fetch(form.url, { method: 'POST', body }).catch((err: Error) => {
        throw new Error(`the upload to the object store: ${err.message}`);
      });
      expect(uploaded.status).toBeLessThan(300);
      const conversion = await browser.call('POST', documentConversionPath('research_upload'), {
        file_key: form.fields.key,
        file_name: 'plan.pdf',
      });
      expect(conversion.status).toBe(200);

      // 3. The second process is killed outright.
      processes[1]!.child.kill('SIGKILL');
      await processes[1]!.exited;
      await new Promise((r) => setTimeout(r, 1500));
      saving = false;
      await saves;

      // Every acknowledged save is there (a later one, unacknowledged but done, may have replaced it).
      const answered = await browser.call('GET', '/api/profile');
      expect({ status: answered.status, refused }).toMatchObject({ status: 200 });
      const profile = answered.json as { answer: Record<string, string> };
      expect(acknowledged.size).toBe(keys.length);
      for (const [key, value] of acknowledged) {
        const stored = Number(/^Value (\d+)$/.exec(profile.answer[key] ?? '')?.[1]);
        expect(stored).toBeGreaterThanOrEqual(value);
      }
      console.log(
        `${n} saves through HAProxy: ${n - refused.length} acknowledged, refused: ${JSON.stringify(refused)}`,
      );
      // A save not acknowledged is one the applicant's page keeps and sends again: it was refused as
      // unavailable (503, or a connection cut under it), never as wrong (4xx) or broken (500). Most
      // are retried by the balancer; the rest are few.
      for (const status of refused) expect([0, 502, 503]).toContain(status);
      expect(refused.length).toBeLessThanOrEqual(Math.ceil(n / 10));

      // The conversion completes, whichever process took it.
      await expect
        .poll(
          async () =>
            (
              (await browser.call('GET', documentConversionPath('research_upload')))
                .json as unknown as DocumentStatusResponse
            ).status,
          { timeout: 60_000, interval: 500 },
        )
        .toBe('COMPLETED');

      // Submitted once, with one receipt, however the calls were retried.
      expect((await browser.call('PUT', '/api/answer', completeAnswers())).status).toBe(200);
      expect((await browser.call('POST', '/api/submit')).status).toBe(200);
      expect((await browser.call('POST', '/api/submit')).status).toBeGreaterThanOrEqual(200);
      await expect
        .poll(() => smtp.to(username).filter((m) => m.subject === RECEIPT_SUBJECT).length, { timeout: 20_000 })
        .toBe(1);
      // Nothing left to send that could become a second receipt.
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
                [MAIL_QUEUE],
              )
            ).rows[0]!.n,
          { timeout: 30_000, interval: 500 },
        )
        .toBe(0);
      expect(smtp.to(username).filter((m) => m.subject === RECEIPT_SUBJECT)).toHaveLength(1);

      // The PDF copy, drawn by whichever process is up.
      const copy = await browser.call('GET', '/api/pdf/file');
      expect(copy.status).toBe(200);
      expect(Buffer.from(copy.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    }, 400_000);
  },
);
