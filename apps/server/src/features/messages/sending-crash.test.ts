import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaffMessage } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../infra/db/create-db';
import type { Db } from '../../infra/db/db';
import { processDatabase } from '../../test-support/process-database';
import { freePort } from '../../test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { MAIL_WORK_OPTIONS } from '../mail/mail-worker';
import { onceMessageId } from '../mail/once-keys';
import { seedRecipients } from './sending.test-helpers';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server.ts');
const STAFF = 'dean@college.test';
const PASSWORD = 'Correct-Horse-42';
const COUNT = 500;
/** Mails of the message at the relay when the process is killed: well into the stream, every mail worker busy. */
const KILL_AT = 150;
const SUBJECT = 'Crash {{first_name}}';

/** The recipients whose mail was marked as being sent and not known to the relay's 250: what a crash leaves in doubt. */
const IN_DOUBT = `SELECT r.email FROM mail_once_keys k
  JOIN staff_message_recipients r ON k.key = 'staff-message:' || r.message_id || ':' || r.user_id
  WHERE k.sent_at IS NULL`;

/** The mail worker's mails in flight at once in one process: three workers with a batch of 20 each. */
const IN_FLIGHT = MAIL_WORK_OPTIONS.batchSize * MAIL_WORK_OPTIONS.localConcurrency;

/**
 * A message to 500 applicants, with the real server process (the same entry as `npm start`) killed with SIGKILL
 * as its mails stream out, and started again on the same database: the send resumes where it stopped, every
 * recipient gets the message, and every recipient row ends sent. A mail in flight at the kill (its row marked
 * sent, its once-key marked as being sent, the relay's 250 not yet recorded) may reach the relay twice; decision
 * 049 bounds that to those mails (at most the worker's in-flight ones), and every copy carries the Message-ID
 * derived from the job's once-key, so that a relay or a mailbox drops the repeat (decision 066).
 */
describe('a message to a group survives kill -9 of the server', () => {
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
    dataDir = await mkdtemp(path.join(tmpdir(), 'ap-message-crash-'));
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
    'delivers the message to all 500; a repeat only of one in flight at the kill, under its first Message-ID',
    { timeout: 480_000 },
    async () => {
      const recipients = await withDb((db) => seedRecipients(db, COUNT, { prefix: 'crash', program: 'GSCMC' }));
      await start();
      expect((await call('POST', '/public/signup', { username: STAFF, password: PASSWORD })).status).toBe(200);
      await expect.poll(() => sink.to(STAFF).length, { timeout: 30_000 }).toBe(1);
      const code = /code is: (\d{6})/.exec(sink.last(STAFF).text)?.[1];
      expect((await call('POST', '/public/confirm', { username: STAFF, code })).status).toBe(200);
      expect((await call('POST', '/public/login', { username: STAFF, password: PASSWORD })).status).toBe(200);

      const drafted = await call('POST', '/api/staff/messages', {
        name: 'Crash',
        segment: { program: 'GSCMC' },
        subject: SUBJECT,
        body: 'Dear {{first_name}},\n\nA message that survives a crash.',
        category: 'news',
      });
      expect(drafted.status).toBe(201);
      const message = (await drafted.json()) as StaffMessage;
      expect(message.estimated_recipients).toBe(COUNT);
      const ours = () => sink.mails.filter((m) => m.subject.startsWith('Crash '));

      const sending = await call('POST', `/api/staff/messages/${message.id}/send`, { confirm_count: COUNT });
      expect(sending.status).toBe(200);
      await expect.poll(() => ours().length, { timeout: 180_000, interval: 5 }).toBeGreaterThanOrEqual(KILL_AT);
      await kill9();
      const sentAtKill = ours().length;
      expect(sentAtKill).toBeLessThan(COUNT);
      // What the killed process had marked as being sent without a 250 recorded: the only mails it may repeat.
      const inDoubt = new Set(
        await withDb(async (db) => (await db.query<{ email: string }>(IN_DOUBT)).rows.map((r) => r.email)),
      );
      expect(inDoubt.size).toBeLessThanOrEqual(IN_FLIGHT);

      // Started again: the jobs of the dead process are retried once their heartbeat stops, and the queue drains.
      await start();
      await expect
        .poll(() => new Set(ours().map((m) => m.to[0])).size, { timeout: 180_000, interval: 500 })
        .toBe(COUNT);
      await new Promise((r) => setTimeout(r, 5000));
      const copies = new Map<string, string[]>();
      for (const m of ours()) copies.set(m.to[0]!, [...(copies.get(m.to[0]!) ?? []), m.messageId]);
      const repeated = [...copies].filter(([, ids]) => ids.length > 1);
      console.log(
        `sending-crash: ${sentAtKill} mails at the kill, ${inDoubt.size} in doubt, ${repeated.length} repeated`,
      );
      const state = await call('GET', `/api/staff/messages/${message.id}`);
      expect(((await state.json()) as StaffMessage).counts).toMatchObject({
        recipients: COUNT,
        sent: COUNT,
        queued: 0,
      });
      await kill9();

      // Read with the server down (PGlite has one owner): every row sent, the message sent, each row's once-key.
      const { rows, finished } = await withDb(async (db) => ({
        rows: (
          await db.query<{ email: string; state: string; key: string }>(
            `SELECT email, state, 'staff-message:' || message_id || ':' || user_id AS key
             FROM staff_message_recipients WHERE message_id = $1`,
            [message.id],
          )
        ).rows,
        finished: (await db.query<{ state: string }>('SELECT state FROM staff_messages WHERE id = $1', [message.id]))
          .rows[0]?.state,
      }));
      expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
      expect(finished).toBe('sent');

      // Everyone has it; the relay got one again only if it was in flight at the kill, and then at most twice.
      expect(new Set(copies.keys())).toEqual(new Set(recipients.map((r) => r.email)));
      expect(repeated.every(([, ids]) => ids.length === 2)).toBe(true);
      expect(repeated.filter(([address]) => !inDoubt.has(address)).map(([address]) => address)).toEqual([]);
      // Every copy, the first and any repeat, carries the Message-ID its once-key gives it.
      const publicUrl = new URL(origin);
      const expected = new Map(rows.map((r) => [r.email, onceMessageId({ publicUrl }, r.key)]));
      expect(new Set(expected.values()).size).toBe(COUNT);
      const wrong = [...copies].filter(([address, ids]) => ids.some((id) => id !== expected.get(address)));
      expect(wrong.slice(0, 3)).toEqual([]);
    },
  );
});
