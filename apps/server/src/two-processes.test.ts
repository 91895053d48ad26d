import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentConversionPath, type DocumentStatusResponse, type PresignedUrlResponse } from '@admissions/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './features/documents/test-files';
import { MAIL_QUEUE } from './features/mail/mail-jobs';
import type { Db } from './infra/db/db';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { createTestDb } from './test-support/test-db';

/**
 * Two real server processes on one PostgreSQL database, with no sticky
 * sessions: every step below goes to whichever process, as a round-robin load
 * balancer would send it. (PostgreSQL only: PGlite is one process's database.)
 * Each feature that keeps shared state adds its own describe block here, on
 * the same two processes (e.g. uploads: upload through one, read through the other).
 */
const PASSWORD = 'Correct-Horse-42';
const SECRET_KEY = 'two-processes-share-this-secret-key-0123456789abcdef';

class Browser {
  readonly cookies = new Map<string, string>();
  async call(base: string, method: string, path: string, body?: object) {
    const res = await fetch(base + path, {
      method,
      headers: {
        origin: base,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
}

const codeIn = (text: string) => /Your confirmation code is: (\d{6})\b/.exec(text)?.[1];

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one database', () => {
  let db: Db;
  let smtp: SmtpSink;
  let a: ServerProcess;
  let b: ServerProcess;
  let both: string[];
  // Several processes keep documents in one object store (each process has a disk of its own).
  let s3: S3rver;
  let s3Dir: string;
  beforeAll(async () => {
    db = await createTestDb();
    smtp = await startSmtpSink();
    s3Dir = await mkdtemp(path.join(tmpdir(), 'ap-two-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'documents' }],
    });
    const { port: s3Port } = await s3.run();
    const env = {
      DATABASE_URL: (db as unknown as { connectionString: string }).connectionString,
      SECRET_KEY,
      SMTP_URL: smtp.url,
      MAIL_PER_IP_LIMIT: '12',
      STAFF_EMAILS: 'two.dean@college.test',
      S3_BUCKET: 'documents',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    both = [a.url, b.url];
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
    await db?.close();
  });

  it('shares sessions: sign up on one, confirm on the other, log in on one and use the session on both', async () => {
    const browser = new Browser();
    const username = 'two.sessions@example.edu';
    expect((await browser.call(a.url, 'POST', '/public/signup', { username, password: PASSWORD })).status).toBe(200);
    await expect.poll(() => smtp.to(username).length, { timeout: 15_000 }).toBe(1);
    const code = codeIn(smtp.last(username).text);
    expect((await browser.call(b.url, 'POST', '/public/confirm', { username, code })).status).toBe(200);
    expect((await browser.call(a.url, 'POST', '/public/login', { username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const base = both[i % 2]!;
      expect((await browser.call(base, 'GET', '/api/profile')).status).toBe(200);
      expect((await browser.call(base, 'PUT', '/api/answer', { first_name: `Ada${i}` })).status).toBe(200);
    }
    expect((await browser.call(b.url, 'GET', '/api/logout')).status).toBe(200);
    expect((await browser.call(a.url, 'GET', '/api/profile')).status).toBe(401);
  }, 60_000);

  it('shares login throttles: 5 failures spread over both lock the address on both', async () => {
    const username = 'two.locked@example.edu';
    for (let i = 0; i < 5; i++) {
      const res = await new Browser().call(both[i % 2]!, 'POST', '/public/login', {
        username,
        password: 'Wrong-Password-1',
      });
      expect(res.json.code).toBe('INVALID_CREDENTIALS');
    }
    for (const base of both) {
      const res = await new Browser().call(base, 'POST', '/public/login', { username, password: 'Wrong-Password-1' });
      expect(res.json.code).toBe('LOGIN_LOCKED');
    }
  });

  it('shares per-IP rate limits: the mail limit (12 here, one sign-up spent) is reached across both, not per process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await new Browser().call(both[i % 2]!, 'POST', '/public/forgot-password', {
        username: `two.flood${i}@example.edu`,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(11);
    expect(statuses.at(-1)).toBe(429);
  });

  it('shares uploads: the upload form from one, the conversion asked of the other, the PDF read from either', async () => {
    const browser = new Browser();
    const username = 'two.uploads@example.edu';
    // The test above spent this client address's shared mail limit; start this one with a fresh window.
    await db.query(`DELETE FROM rate_limits WHERE key LIKE 'mail:%'`);
    expect((await browser.call(a.url, 'POST', '/public/signup', { username, password: PASSWORD })).status).toBe(200);
    await expect.poll(() => smtp.to(username).length, { timeout: 15_000 }).toBe(1);
    expect(
      (await browser.call(b.url, 'POST', '/public/confirm', { username, code: codeIn(smtp.last(username).text) }))
        .status,
    ).toBe(200);
    expect((await browser.call(a.url, 'POST', '/public/login', { username, password: PASSWORD })).status).toBe(200);

    const form = (await browser.call(a.url, 'POST', '/api/presigned-url', { answer_key: 'research_upload' }))
      .json as unknown as PresignedUrlResponse;
    const body = new FormData();
    for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
    body.append('file', new Blob([(await makePdf()) as Uint8Array<ArrayBuffer>]), 'plan.pdf');
    expect((await fetch(form.url, { method: 'POST', body })).status).toBeLessThan(300);
    const started = await browser.call(b.url, 'POST', documentConversionPath('research_upload'), {
      file_key: form.fields.key,
      file_name: 'plan.pdf',
    });
    expect(started.status).toBe(200);
    let polls = 0;
    await expect
      .poll(
        async () =>
          (
            (await browser.call(both[polls++ % 2]!, 'GET', documentConversionPath('research_upload')))
              .json as unknown as DocumentStatusResponse
          ).status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('COMPLETED');
    for (const base of both) {
      const pdf = await fetch(`${base}${documentConversionPath('research_upload')}/file`, {
        headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  }, 90_000);

  it('shares the team: a change or a removal through one process counts at the next request to the other', async () => {
    await db.query(`DELETE FROM rate_limits WHERE key LIKE 'mail:%'`);
    const signUp = async (username: string) => {
      const browser = new Browser();
      expect((await browser.call(a.url, 'POST', '/public/signup', { username, password: PASSWORD })).status).toBe(200);
      await expect.poll(() => smtp.to(username).some((m) => codeIn(m.text)), { timeout: 15_000 }).toBe(true);
      const code = codeIn(smtp.to(username).find((m) => codeIn(m.text))!.text);
      expect((await browser.call(b.url, 'POST', '/public/confirm', { username, code })).status).toBe(200);
      expect((await browser.call(a.url, 'POST', '/public/login', { username, password: PASSWORD })).status).toBe(200);
      return browser;
    };
    const dean = await signUp('two.dean@college.test');
    const member = 'two.reader@college.test';
    const invited = await dean.call(b.url, 'POST', '/api/staff/team', {
      email: member,
      name: 'Two Reader',
      roles: ['reader'],
      programs: null,
    });
    expect(invited.status).toBe(201);
    const reader = await signUp(member);
    expect((await reader.call(b.url, 'GET', '/api/staff/me')).json).toMatchObject({
      roles: ['reader'],
      programs: null,
    });
    const changed = await dean.call(a.url, 'PUT', `/api/staff/team/${member}`, {
      roles: ['reviewer'],
      programs: ['MAE'],
    });
    expect(changed.status).toBe(200);
    expect((await reader.call(b.url, 'GET', '/api/staff/me')).json).toMatchObject({
      roles: ['reviewer'],
      programs: ['MAE'],
    });
    expect((await dean.call(a.url, 'DELETE', `/api/staff/team/${member}`)).status).toBe(200);
    const refused = await reader.call(b.url, 'GET', '/api/staff/me');
    expect([refused.status, refused.json.code]).toEqual([401, 'UNAUTHORIZED']);
  }, 60_000);

  it('shares jobs: a mail queued through one process while SMTP is down is delivered by the other after the first has stopped', async () => {
    const username = 'two.jobs@example.edu';
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    // The test above spent this client address's shared mail limit; start this one with a fresh window.
    await db.query(`DELETE FROM rate_limits WHERE key LIKE 'mail:%'`);
    expect((await new Browser().call(a.url, 'POST', '/public/signup', { username, password: PASSWORD })).status).toBe(
      200,
    );
    await expect
      .poll(
        async () =>
          (
            await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1 AND state = $2', [
              MAIL_QUEUE,
              'retry',
            ])
          ).rows.length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await a.stop();
    smtp = await startSmtpSink(port);
    await expect.poll(() => smtp.to(username).length, { timeout: 30_000, interval: 250 }).toBe(1);
    const code = codeIn(smtp.last(username).text);
    expect((await new Browser().call(b.url, 'POST', '/public/confirm', { username, code })).status).toBe(200);
  }, 90_000);
});
