/**
 * Deadline-day benchmark for PUT /api/answer against PostgreSQL.
 *
 * The server runs as its own process (the same entry point as `npm start`).
 * This process logs in many applicants, then drives saves from many sessions
 * at once, and in the same run measures a baseline: raw single-row JSONB
 * upserts over a pool of the same size as the server's. Baseline and server
 * take turns, round after round, so that a machine that slows down part-way
 * (a shared VM does) slows both alike. It prints ratios, never pass/fail:
 * numbers depend on the machine, ratios much less.
 *
 *   npm run bench            (uses TEST_DATABASE_URL or the local server)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SESSION_COOKIE } from '@admissions/domain';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/session/session-store';
import { cpuPerOp, cpuSnapshot, type CpuCost } from './cpu';
import { closeConnections, closedLoop, fixedRate, request, type LatencyStats } from './load';
import { scratchDatabase } from './scratch-database';
import { waitForServer } from './wait-for-server';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const SAVES = Number(process.env.BENCH_SAVES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const POOL_SIZE = 20; // the server's pool size (postgres-db.ts default)
const PORT = 3900 + Math.floor(Math.random() * 90);

const scratch = await scratchDatabase('bench');
const { dataDir } = scratch;
const db = createPostgresDb({ connectionString: scratch.url, max: POOL_SIZE });
let server: ChildProcess | undefined;

try {
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

  server = await startServer();
  const base = new URL(`http://127.0.0.1:${PORT}`);
  const answerUrl = new URL('/api/answer', base);
  const keys = ['first_name', 'last_name', 'city', 'preferred_name', 'middle_name', 'essay'];
  const save = (i: number) =>
    request(
      answerUrl,
      'PUT',
      { cookie: cookies[i % USERS]!, origin: base.origin },
      { [keys[i % keys.length]!]: `Answer ${i}` },
    );

  // Warm-up: JIT, pool connections, on both sides.
  await closedLoop(2000, CONCURRENCY, baselineSave);
  await closedLoop(2000, CONCURRENCY, save);

  const serverPid = server.pid;
  const measure = async (op: (i: number) => Promise<void>) => {
    const before = cpuSnapshot(serverPid);
    const stats = await closedLoop(SAVES, CONCURRENCY, op);
    return { stats, cpu: cpuPerOp(before, cpuSnapshot(serverPid), stats.count) };
  };
  const rounds: { baseline: Awaited<ReturnType<typeof measure>>; app: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push({ baseline: await measure(baselineSave), app: await measure(save) });
  const steady = await fixedRate(RATE, RATE_SECONDS, save);

  const ratios = rounds.map((r) => r.app.stats.perSecond / r.baseline.stats.perSecond);
  const middle = rounds[ratios.indexOf(median(ratios))]!;

  const row = (name: string, s: LatencyStats) =>
    `${name.padEnd(38)} ${s.perSecond.toFixed(0).padStart(7)}/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99
      .toFixed(1)
      .padStart(6)} ms  errors ${s.errors}`;
  const cost = (name: string, c: CpuCost) =>
    `${name.padEnd(38)} load ${c.bench.toFixed(0).padStart(4)}  server ${c.server.toFixed(0).padStart(4)}  postgres ${c.postgres
      .toFixed(0)
      .padStart(4)}  total ${(c.bench + c.server + c.postgres).toFixed(0).padStart(4)}`;

  console.log(
    `\nPUT /api/answer on PostgreSQL: ${USERS} sessions, ${CONCURRENCY} in flight, pool ${POOL_SIZE}, ${ROUNDS} rounds`,
  );
  console.log(`ratio of each round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; the median round:\n`);
  console.log(row('baseline: raw JSONB upsert', middle.baseline.stats));
  console.log(row('PUT /api/answer (as fast as it goes)', middle.app.stats));
  console.log(row(`PUT /api/answer at ${RATE}/s`, steady));
  console.log('\nCPU microseconds per save in that round (load is this process, the load generator)');
  console.log(cost('baseline: raw JSONB upsert', middle.baseline.cpu));
  console.log(cost('PUT /api/answer', middle.app.cpu));
  console.log(
    `\nratio to baseline (saves/s, median of ${ROUNDS} rounds): ${median(ratios).toFixed(2)}   (goal >= 0.5)`,
  );
  console.log(`p99 at ${RATE} saves/s: ${steady.p99.toFixed(1)} ms   (goal < 100 ms)\n`);
} finally {
  await closeConnections();
  server?.kill('SIGTERM');
  await db.close();
  await scratch.drop();
}

/** The server as `npm start` runs it, on the benchmark's database, once it answers. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'none'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return waitForServer(child, PORT);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
