/**
 * Deadline-day benchmark for PUT /api/answer against PostgreSQL.
 *
 * The server runs as its own process (the same entry point as `npm start`).
 * This process logs in many applicants, then drives saves from many sessions
 * at once, and in the same run measures a baseline: raw single-row JSONB
 * upserts over a pool of the same size as the server's. It prints ratios,
 * never pass/fail: numbers depend on the machine, ratios much less.
 *
 *   npm run bench            (uses TEST_DATABASE_URL or the local server)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE } from '@admissions/domain';
import { migrate } from '../apps/server/src/infra/db/migrate';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/features/accounts/session-store';
import { closedLoop, fixedRate, request, type LatencyStats } from './load';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 500);
const SAVES = Number(process.env.BENCH_SAVES ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const POOL_SIZE = 20; // the server's pool size (postgres-db.ts default)
const PORT = 3900 + Math.floor(Math.random() * 90);

const dbName = `ap_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const db = createPostgresDb({ connectionString: dbUrl.toString(), max: POOL_SIZE });
const dataDir = await mkdtemp(path.join(tmpdir(), 'ap-bench-'));
let server: ReturnType<typeof spawn> | undefined;

try {
  await migrate(db);

  // Applicants who are logged in, made directly in the database: argon2 sign-ups are not what is measured.
  const clock = { now: () => new Date() };
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
      [`bench${i}@example.edu`],
    );
    cookies.push(`${SESSION_COOKIE}=${await startSession({ db, clock }, rows[0]!.id)}`);
  }

  // Baseline: the cheapest possible save, one parameterised upsert, same pool size, same concurrency.
  await db.query('CREATE TABLE bench_baseline (id int PRIMARY KEY, data jsonb NOT NULL)');
  const baselineSave = (i: number) =>
    db
      .query(
        `INSERT INTO bench_baseline (id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = bench_baseline.data || EXCLUDED.data`,
        [i % USERS, JSON.stringify({ first_name: `Name ${i}` })],
      )
      .then(() => undefined);
  await closedLoop(2000, CONCURRENCY, baselineSave); // warm-up
  const baseline = await closedLoop(SAVES, CONCURRENCY, baselineSave);

  server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'none'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = new URL(`http://127.0.0.1:${PORT}`);
  for (let tries = 0; ; tries++) {
    try {
      await fetch(new URL('/public/tenant', base));
      break;
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const answerUrl = new URL('/api/answer', base);
  const keys = ['first_name', 'last_name', 'city', 'preferred_name', 'middle_name', 'essay'];
  const save = (i: number) =>
    request(answerUrl, 'PUT', { cookie: cookies[i % USERS]!, origin: base.origin }, { [keys[i % keys.length]!]: `Answer ${i}` });
  await closedLoop(2000, CONCURRENCY, save); // warm-up: JIT, pool connections
  const app = await closedLoop(SAVES, CONCURRENCY, save);
  const steady = await fixedRate(RATE, RATE_SECONDS, save);

  const row = (name: string, s: LatencyStats) =>
    `${name.padEnd(34)} ${s.perSecond.toFixed(0).padStart(7)}/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99
      .toFixed(1)
      .padStart(6)} ms  errors ${s.errors}`;
  console.log(`\nPUT /api/answer on PostgreSQL: ${USERS} sessions, ${CONCURRENCY} in flight, pool ${POOL_SIZE}\n`);
  console.log(row('baseline: raw JSONB upsert', baseline));
  console.log(row('PUT /api/answer (as fast as it goes)', app));
  console.log(row(`PUT /api/answer at ${RATE}/s`, steady));
  console.log(`\nratio to baseline (saves/s): ${(app.perSecond / baseline.perSecond).toFixed(2)}   (goal >= 0.5)`);
  console.log(`p99 at ${RATE} saves/s: ${steady.p99.toFixed(1)} ms   (goal < 100 ms)\n`);
} finally {
  server?.kill('SIGTERM');
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
