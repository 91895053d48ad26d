import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../infra/db/create-db';
import type { Db } from '../../infra/db/db';
import { processDatabase } from '../../test-support/process-database';
import { freePort } from '../../test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { MAIL_WORK_OPTIONS } from '../mail/mail-worker';
import { onceMessageId } from '../mail/once-keys';
import { seedDecidedApplications } from './decision.test-helpers';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server.ts');
const STAFF = 'dean@college.test';
const PASSWORD = 'Correct-Horse-42';
const COUNT = 1000;
/** Notices at the relay when the process is killed: well into the stream, with every mail worker busy. */
const KILL_AT = 300;

/** The notices marked as being sent and not known to the relay's 250: what a crash leaves in doubt, by address. */
const IN_DOUBT = `SELECT u.email FROM mail_once_keys m
  JOIN decisions d ON m.key = 'decision-released:' || d.id JOIN users u ON u.id = d.user_id
  WHERE m.sent_at IS NULL`;

/** The once-key of each applicant's released decision, as the release queued its notice. */
const NOTICE_KEYS = `SELECT u.email, 'decision-released:' || d.id AS key FROM decisions d JOIN users u ON u.id = d.user_id
  WHERE d.status = 'released'`;

/** The mail worker's notices in flight at once in one process: three workers with a batch of 20 each. */
const IN_FLIGHT = MAIL_WORK_OPTIONS.batchSize * MAIL_WORK_OPTIONS.localConcurrency;

/**
 * A release of 1,000 decisions, with the real server process (the same entry
 * as `npm start`) killed with SIGKILL as the notices stream out, and started
 * again on the same database: the release resumes where it stopped, every
 * applicant gets the notice, and every decision ends released. No sender can
 * record a relay's 250 in the instant it arrives, so a notice in flight at the
 * kill may reach the relay twice; decision 049 bounds that to the notices
 * marked as being sent at the kill (at most the worker's in-flight mails), and
 * every copy of a notice carries the Message-ID derived from its once-key, so
 * that a relay or a mailbox drops the repeat.
 */
describe('a release survives kill -9 of the server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ChildProcess | undefined;
  let origin = '';
  let sink: SmtpSink;
  let pgDb: Db | undefined;
  const cookies = new Map<string, string>();

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(new URL(url, origin), {
      method,
      headers: {
        origin,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!.trim(), v ?? '');
    }
    return res;
  };

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

  /** The database as the server left it: PostgreSQL while it runs, PGlite only while it is down. */
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    if (pgDb) return fn(pgDb);
    const db = await createDb({ databaseUrl: undefined, dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ap-release-crash-'));
    sink = await startSmtpSink();
    const database = await processDatabase();
    pgDb = database.db;
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      JOB_SUPERVISE_INTERVAL_SECONDS: '2',
      SMTP_URL: sink.url,
      STAFF_EMAILS: STAFF,
      // The office signs in with a password alone here; the second factor has tests of its own.
      STAFF_MFA: 'off',
      MAIL_PER_IP_LIMIT: '100000',
      // Small batches, so that the kill falls between two of them.
      DECISION_RELEASE_BATCH_SIZE: '1',
      ...database.env,
    };
  });

  afterAll(async () => {
    if (server) await kill9();
    await pgDb?.close();
    await sink?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers all 1,000 notices; a repeat only of one in flight at the kill, under its first Message-ID',
    { timeout: 480_000 },
    async () => {
      const applicants = await withDb((db) => seedDecidedApplications(db, COUNT));
      await start();
      expect((await call('POST', '/public/signup', { username: STAFF, password: PASSWORD })).status).toBe(200);
      await expect.poll(() => sink.to(STAFF).length, { timeout: 30_000 }).toBe(1);
      const code = /code is: (\d{6})/.exec(sink.last(STAFF).text)?.[1];
      expect((await call('POST', '/public/confirm', { username: STAFF, code })).status).toBe(200);
      expect((await call('POST', '/public/login', { username: STAFF, password: PASSWORD })).status).toBe(200);

      const notices = () => sink.mails.filter((m) => !m.to.includes(STAFF));
      // The release continues on the decisions job, batch by batch; the process dies with the notices streaming
      // out, the mail worker's batches in flight.
      const releasing = await call('POST', '/api/staff/decisions/release', {
        application_ids: applicants.map((a) => a.userId),
      });
      expect(await releasing.json()).toMatchObject({ count: COUNT });
      await expect.poll(() => notices().length, { timeout: 180_000, interval: 5 }).toBeGreaterThanOrEqual(KILL_AT);
      await kill9();
      // Killed with the notices half sent (on PostgreSQL also with the release half done: its batches and the mail
      // worker run side by side; PGlite's one connection finishes the release first).
      const sentAtKill = notices().length;
      expect(sentAtKill).toBeLessThan(COUNT);
      // What the killed process had marked as being sent without a 250 recorded: the only notices it may repeat.
      const inDoubt = new Set(
        await withDb(async (db) => (await db.query<{ email: string }>(IN_DOUBT)).rows.map((r) => r.email)),
      );
      expect(inDoubt.size).toBeLessThanOrEqual(IN_FLIGHT);

      // Started again: the decisions job resumes the half-done release at once, and the mail queue drains.
      await start();
      await expect.poll(() => notices().length, { timeout: 180_000, interval: 500 }).toBeGreaterThanOrEqual(COUNT);
      await new Promise((r) => setTimeout(r, 5000));
      const copies = new Map<string, string[]>();
      for (const m of notices()) copies.set(m.to[0]!, [...(copies.get(m.to[0]!) ?? []), m.messageId]);
      const repeated = [...copies].filter(([, ids]) => ids.length > 1);
      console.log(
        `release-crash: ${sentAtKill} notices at the kill, ${inDoubt.size} in doubt, ${repeated.length} repeated`,
      );
      await kill9();
      // Read with the server down (PGlite has one owner): every decision released, and each notice's once-key.
      const { released, keys } = await withDb(async (db) => ({
        released: (await db.query(`SELECT 1 FROM decisions WHERE status = 'released'`)).rows.length,
        keys: (await db.query<{ email: string; key: string }>(NOTICE_KEYS)).rows,
      }));
      expect(released).toBe(COUNT);

      // Everyone has the notice. A notice is queued exactly once (in the release's own transaction), and the
      // relay gets it again only if it was in flight at the kill: marked as being sent, its 250 not yet recorded
      // (docs/decisions/049): at most the mail worker's in-flight mails, each at most twice.
      expect(new Set(copies.keys())).toEqual(new Set(applicants.map((a) => a.email)));
      expect(repeated.every(([, ids]) => ids.length === 2)).toBe(true);
      expect(repeated.filter(([address]) => !inDoubt.has(address)).map(([address]) => address)).toEqual([]);
      // Every copy, the first and any repeat, carries the Message-ID its once-key gives it: a repeat is the same
      // message to a relay or a mailbox that drops a Message-ID it has already seen.
      const publicUrl = new URL(origin);
      const expected = new Map(keys.map((r) => [r.email, onceMessageId({ publicUrl }, r.key)]));
      expect(new Set(expected.values()).size).toBe(COUNT);
      const wrong = [...copies].filter(([address, ids]) => ids.some((id) => id !== expected.get(address)));
      expect(wrong.slice(0, 3)).toEqual([]);
    },
  );
});
