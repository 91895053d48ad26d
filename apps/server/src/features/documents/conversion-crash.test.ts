import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  documentConversionPath,
  DOCUMENT_ANSWERS_PATH,
  PRESIGNED_URL_PATH,
  type DocumentStatusResponse,
  type PresignedUrlResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx } from './test-files';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server.ts');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A browser-like client of a real server over HTTP: same origin, keeps its session cookie. */
class HttpClient {
  private readonly cookies = new Map<string, string>();
  /** The server's address; it changes when the server restarts on another free port. */
  constructor(public origin: string) {}
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(new URL(url, this.origin), {
      method,
      headers: {
        origin: this.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        cookie: this.cookieHeader(),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      this.cookies.set(k!.trim(), v ?? '');
    }
    return res;
  }
  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await this.call(method, url, body);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/**
 * The real server process (the same entry point as `npm start`) is killed with
 * SIGKILL while LibreOffice converts a document, then started again on the
 * same database and files: the conversion is retried from the durable queue
 * and the document ends COMPLETED exactly once, with one PDF in storage.
 */
describe('a conversion survives kill -9 of the server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ChildProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let origin: string;

  const start = async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: origin },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      const up = await fetch(`${origin}/api/profile`).then(
        (r) => r.status === 401,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    server = child;
  };

  const kill9 = async () => {
    const child = server!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    server = undefined;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ap-crash-'));
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      // A conversion's job expires 75 s after it starts (its time limit plus 15 s); its retry must not wait for that.
      DOCUMENT_CONVERSION_TIMEOUT_SECONDS: '60',
      JOB_SUPERVISE_INTERVAL_SECONDS: '2',
      SMTP_URL: '',
    };
    if (process.env.TEST_DB === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `ap_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      };
    }
  });

  afterAll(async () => {
    if (server) await kill9();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends with the document COMPLETED once', { timeout: 180_000 }, async () => {
    await start();
    const client = new HttpClient(origin);
    const username = 'crash@example.com';
    const password = 'Correct-Horse-42';
    await client.json('POST', '/public/signup', { username, password });
    // Mail goes through the queue after the answer: wait for it in the outbox, as a person waits for it.
    const outbox = path.join(dataDir, 'outbox');
    const mailFile = async () => (await readdir(outbox).catch(() => [] as string[])).find((f) => f.endsWith('.eml'));
    await expect.poll(mailFile, { timeout: 30_000 }).toBeTruthy();
    const mail = await readFile(path.join(outbox, (await mailFile())!), 'utf8');
    const code = /code is: (\d{6})/.exec(mail)?.[1];
    await client.json('POST', '/public/confirm', { username, code });
    await client.json('POST', '/public/login', { username, password });

    const form = await client.json<PresignedUrlResponse>('POST', PRESIGNED_URL_PATH, { answer_key: 'research_upload' });
    const body = new FormData();
    for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
    body.append('file', new Blob([makeDocx() as Uint8Array<ArrayBuffer>]), 'project.docx');
    const uploaded = await fetch(form.url, {
      method: 'POST',
      body,
      headers: { origin, cookie: client.cookieHeader() },
    });
    expect(uploaded.status).toBe(204);
    await client.json('POST', documentConversionPath('research_upload'), {
      file_key: form.fields.key,
      file_name: 'project.docx',
    });

    // Kill the server while the document converts.
    for (let i = 0; ; i++) {
      const { status } = await client.json<DocumentStatusResponse>('GET', documentConversionPath('research_upload'));
      if (status === 'IN_PROGRESS') break;
      expect(status).toBe('UNPROCESSED');
      if (i > 200) throw new Error('the conversion never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    // ...once LibreOffice has its folder, named after the server process, in the temporary folder.
    const killed = server!.pid!;
    const foldersOf = async (pid: number) =>
      (await readdir(tmpdir())).filter((name) => new RegExp(`^ap-soffice-(template-)?${pid}-`).test(name));
    await expect
      .poll(async () => (await foldersOf(killed)).filter((name) => !name.includes('template')), { timeout: 30_000 })
      .toHaveLength(1);
    await kill9();
    const killedAt = Date.now();
    // The killed conversion's folder (its LibreOffice profile, the document) stays behind, with the profile
    // template if it was made by then.
    expect(await foldersOf(killed)).toContainEqual(expect.stringMatching(new RegExp(`^ap-soffice-${killed}-`)));

    await start();
    // The same session (it lives in the database) talks to the restarted server.
    client.origin = origin;
    let final: DocumentStatusResponse | undefined;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      final = await client.json<DocumentStatusResponse>('GET', documentConversionPath('research_upload'));
      if (final.status === 'COMPLETED' || final.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(final?.status).toBe('COMPLETED');
    // Retried once the dead process stopped touching the job, long before the job's 75 s expiry.
    expect(Date.now() - killedAt).toBeLessThan(50_000);
    // A little later nothing has changed: no second conversion, one document, one PDF, no original left.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await client.json('GET', DOCUMENT_ANSWERS_PATH)).toEqual({
      research_upload: { file_name: 'project.docx', file_size: makeDocx().byteLength },
    });
    const folder = path.join(dataDir, 'files', path.dirname(form.fields.key!));
    expect((await readdir(folder)).filter((f) => !f.endsWith('.part'))).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/),
    ]);
    const pdf = await client.call('GET', final!.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // What the killed process left has gone; of the live process's, only its profile template remains.
    expect(await foldersOf(killed)).toEqual([]);
    expect(await foldersOf(server!.pid!)).toEqual([expect.stringMatching(/^ap-soffice-template-/)]);
  });
});
