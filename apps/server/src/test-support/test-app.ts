import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app';
import { createFormContext } from '../core/form-context';
import { LOG_SERIALIZERS } from '../http/log-serializers';
import { loadConfig } from '../config';
import { createLookupService } from '../features/lookup/lookup-service';
import { createZipCodeProvider } from '../features/lookup/zip-code-provider';
import { MAIL_QUEUE } from '../features/mail/mail-jobs';
import type { Db, Queryable } from '../infra/db/db';
import { startJobQueue } from '../infra/jobs/job-queue';
import { createMailer } from '../infra/mail/mailer';
import { createStorage } from '../infra/storage/create-storage';
import { startWorkers } from '../workers';
import { createTestDb } from './test-db';
import { TestClock } from './test-clock';
import { startSmtpSink } from './smtp-sink';

export const TEST_PUBLIC_URL = 'http://portal.test';

/**
 * The production app (same buildApp, same options) on a fresh database, with
 * mail delivered over SMTP to a sink the test can read, and a clock the test
 * can move.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    onLog?: (entry: Record<string, unknown>) => void;
    smtpRefuse?: (address: string) => boolean;
    /** How long the SMTP sink takes to accept each message (a slow relay). */
    smtpDelayMs?: number;
    /** A restart: the database, files and clock of an earlier app (its close() left them to the test). */
    restartOf?: { db: Db; clock: TestClock; dataDir: string };
  } = {},
) {
  const earlier = options.restartOf;
  const dataDir = earlier?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ap-test-')));
  const smtp = await startSmtpSink(0, { refuse: options.smtpRefuse, delayMs: options.smtpDelayMs });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Test files sign up many accounts from one address; the mail limit's own test sets it low.
    MAIL_PER_IP_LIMIT: '100000',
    // Staff tests sign in with a password and go straight to their call; the second factor's own tests ask for it.
    STAFF_MFA: 'off',
    ...env,
  });
  // Silent, unless the test reads the log lines itself.
  const { onLog } = options;
  const logger = onLog
    ? pino(
        { level: 'info', serializers: LOG_SERIALIZERS },
        { write: (line: string) => onLog(JSON.parse(line) as Record<string, unknown>) },
      )
    : pino({ level: 'silent' });
  const db: Db = earlier?.db ?? (await createTestDb());
  const clock = earlier?.clock ?? new TestClock();
  let keep = false;
  // A short SMTP timeout, so tests of a stalled relay do not wait the production 15 s.
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: '',
    logger,
    timeoutMs: 2000,
  });
  // Cron schedules stay off in tests: a test runs scheduled work itself, at the time it chooses.
  const jobs = await startJobQueue({ db, logger, schedule: false });
  const secretKey = 'test-secret-key-0123456789abcdef0123456789abcdef';
  const storage = createStorage(config.storage, config.publicUrl, secretKey, clock);
  // The ZIP-code index takes a second or more to load and build; only tests that ask for lookup data pay for it up front.
  const lookups = createLookupService(config.lookupDataDir, SILENT_LOOKUP_LOG, createZipCodeProvider());
  if (env.LOOKUP_DATA_DIR) await lookups.warm();
  const deps = { config, db, mailer, clock, jobs, secretKey, storage, lookups };
  const app = await buildApp(deps, logger);
  await app.ready();
  await startWorkers(deps, createFormContext(config.tenant), logger);

  return {
    app,
    deps,
    db,
    clock,
    smtp,
    dataDir,
    /** Closes the app but keeps its database, files and clock for startTestApp(env, { restartOf }). */
    async stop() {
      keep = true;
      await this.close();
    },
    /** A browser-like client of the app: same-origin (PUBLIC_URL's origin), keeping its cookies like a browser would. */
    client: (ip = '203.0.113.10') => new TestClient(app, ip, config.publicUrl.origin, () => mailDelivered(db)),
    /** Waits until no mail is waiting to be sent now (a mail in backoff after a failed send is not waited for). */
    mailDelivered: () => mailDelivered(db),
    async close() {
      await app.close();
      await jobs.stop(1000);
      mailer.close();
      await smtp.close();
      if (keep) return;
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Lookup start-up notes are for operators; tests that need them build the service themselves. */
const SILENT_LOOKUP_LOG = { info: () => {}, warn: () => {} };

/** The shared lookup directory data (../shared/data/lookups beside the repository), as CI and e2e use it. */
export const SHARED_LOOKUP_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/lookups');

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Mail is queued and sent by the mail worker after a call answers. So that a
 * test reads a mail right after the call that queued it, as a user reads it a
 * moment later, the client waits for the queue's due mail to be taken and
 * sent (or failed into backoff), for at most 15 s on a loaded machine.
 */
async function mailDelivered(db: Queryable, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const waiting = await db
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'active') AND start_after <= now()`,
        [MAIL_QUEUE],
      )
      .then(
        ({ rows }) => rows[0]!.n,
        () => 0,
      ); // A test that closed the database has no mail to wait for.
    if (waiting === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip: string,
    private readonly origin = new URL(TEST_PUBLIC_URL).origin,
    private readonly settle: () => Promise<void> = async () => {},
  ) {}

  /** `raw` is sent as it is (e.g. a multipart body), with the content-type given in `headers`. */
  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    raw?: Buffer,
  ) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : raw ? { payload: raw } : {}),
    });
    this.keepCookies(res);
    await this.settle();
    return res;
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/** Signs up, confirms with the e-mailed code and logs in: the common start of many tests. */
export async function signUpAndLogIn(t: TestApp, client: TestClient, username: string, password = 'Correct-Horse-42') {
  await expectOk(await client.post('/public/signup', { username, password }));
  const code = /code is: (\d{6})/.exec(t.smtp.last(username).text)?.[1];
  if (!code) throw new Error('no code in the confirmation mail');
  await expectOk(await client.post('/public/confirm', { username, code }));
  await expectOk(await client.post('/public/login', { username, password }));
}

export async function expectOk(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res;
}
