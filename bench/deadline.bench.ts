/**
 * The deadline hour (issue 31): simulated applicants go from sign-up to the PDF copy against one and
 * then two server processes on PostgreSQL, for a fixed time each, and the same work is then done as
 * bare `pg` statements and bare argon2 hashes: the floor, measured in the same run.
 *
 *   npm run bench:deadline
 *   npm run bench:deadline -- --duration 20      (a short run, to see it work end to end)
 *   BENCH_SECONDS=60 BENCH_USERS=30 BENCH_SAVES=8 BENCH_THINK_MS=500 BENCH_PROCESSES=1,2 npm run bench:deadline
 *
 * Each simulated applicant signs up, reads the code from the run's own SMTP server, confirms, logs in,
 * saves the complete application in BENCH_SAVES saves with BENCH_THINK_MS between them, submits and
 * downloads the PDF copy, then starts again as a new applicant. Each has its own client address
 * (X-Forwarded-For, TRUST_PROXY=1), as applicants do. Printed: complete applications a minute, p50,
 * p95 and p99 of each call, errors, and CPU per application: the server processes' (of which password
 * hashing, from the floor's cost of one hash), the database backends' and the rest.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { completeAnswers } from '@admissions/domain/testing';
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test-support/smtp-sink';
import { scratchDatabase } from './scratch-database';

/** `--duration 20` or `--duration=20` (seconds a run) wins over BENCH_SECONDS: a short run for a busy machine. */
function durationArgument(argv: readonly string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--duration' || a.startsWith('--duration='));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
}
const SECONDS = Number(durationArgument(process.argv) ?? process.env.BENCH_SECONDS ?? 60);
if (!(SECONDS > 0)) throw new Error('--duration (or BENCH_SECONDS) must be a positive number of seconds');
const USERS = Number(process.env.BENCH_USERS ?? 30);
const SAVES = Number(process.env.BENCH_SAVES ?? 8);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 500);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const PASSWORD = 'Correct-Horse-42';
const TICKS = 100; // clock ticks a second in /proc/<pid>/stat (USER_HZ)

/** CPU seconds a process has used (all its threads), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // a backend that ended
  }
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

class Recorder {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  async time<T extends { status: number }>(name: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const res = await call();
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(performance.now() - started);
    if (res.status !== 200)
      this.errors.set(`${name} ${res.status}`, (this.errors.get(`${name} ${res.status}`) ?? 0) + 1);
    return res;
  }
}

/** One applicant's browser: its cookies, its own address. */
function browser(base: string, ip: string, rec: Recorder) {
  const cookies = new Map<string, string>();
  return async (name: string, method: string, url: string, body?: object) =>
    rec.time(name, async () => {
      const res = await fetch(base + url, {
        method,
        headers: {
          origin: base,
          'x-forwarded-for': ip,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        if (pair!.slice(i + 1) === '') cookies.delete(pair!.slice(0, i));
        else cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      await res.arrayBuffer();
      return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
    });
}

/** A 429 or 503 with Retry-After is waited out and tried again (at most 3 times), as the web app does. */
async function patiently(
  attempt: () => Promise<{ status: number; retryAfter: number }>,
): Promise<{ status: number; retryAfter: number }> {
  let res = await attempt();
  for (let i = 0; i < 3 && (res.status === 429 || res.status === 503) && res.retryAfter > 0; i++) {
    await sleep(res.retryAfter * 1000);
    res = await attempt();
  }
  return res;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function codeFor(smtp: SmtpSink, email: string, until: number): Promise<string | undefined> {
  while (Date.now() < until + 30_000) {
    const mail = smtp.to(email).at(-1);
    const code = mail && /code is: (\d{6})/.exec(mail.text)?.[1];
    if (code) return code;
    await sleep(50);
  }
  return undefined;
}

/** The complete application, in BENCH_SAVES saves of a few answers each, as an applicant fills it in. */
function saveChunks() {
  const entries = Object.entries(completeAnswers());
  const size = Math.ceil(entries.length / SAVES);
  return Array.from({ length: SAVES }, (_, i) => Object.fromEntries(entries.slice(i * size, (i + 1) * size)));
}

async function run(processCount: number) {
  const db = await scratchDatabase(`deadline${processCount}`);
  const smtp = await startSmtpSink();
  const env = {
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    SECRET_KEY: 'deadline-bench-shares-this-secret-key-0123456789abcdef',
    TRUST_PROXY: '1',
    MAIL_PER_IP_LIMIT: '1000000',
  };
  const servers: ServerProcess[] = await Promise.all(
    Array.from({ length: processCount }, () => startServerProcess(env)),
  );
  // Every process answers PUBLIC_URL's origin: the browsers send their own server's URL as origin.
  const rec = new Recorder();
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  // Each process warms its PDF drawing thread once ready (production, decision 055): that CPU is counted.
  const serverCpu0 = servers.map((s) => cpuSeconds(s.child.pid!));
  const pids0 = await backends();
  const dbCpu0 = new Map(pids0.map((pid) => [pid, cpuSeconds(pid)]));
  const until = Date.now() + SECONDS * 1000;
  let completed = 0;
  let gaveUp = 0;
  let n = 0;
  const chunks = saveChunks();
  await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      while (Date.now() < until) {
        const i = n++;
        const server = servers[i % servers.length]!;
        const call = browser(server.url, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rec);
        const email = `deadline${u}-${i}@example.edu`;
        try {
          if ((await call('signup', 'POST', '/public/signup', { username: email, password: PASSWORD })).status !== 200)
            throw 0;
          const code = await codeFor(smtp, email, until);
          if (!code) throw 0;
          if ((await call('confirm', 'POST', '/public/confirm', { username: email, code })).status !== 200) throw 0;
          if ((await call('login', 'POST', '/public/login', { username: email, password: PASSWORD })).status !== 200)
            throw 0;
          for (const chunk of chunks) {
            await sleep(THINK_MS);
            if ((await call('save', 'PUT', '/api/answer', chunk)).status !== 200) throw 0;
          }
          if ((await patiently(() => call('submit', 'POST', '/api/submit'))).status !== 200) throw 0;
          if ((await patiently(() => call('pdf copy', 'GET', '/api/pdf/file'))).status !== 200) throw 0;
          if (Date.now() <= until + 5000) completed += 1;
        } catch {
          gaveUp += 1;
        }
      }
    }),
  );
  const serverCpu = servers.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid!) - serverCpu0[i]!, 0);
  const pids1 = await backends();
  const dbCpu = pids1.reduce((sum, pid) => sum + cpuSeconds(pid) - (dbCpu0.get(pid) ?? 0), 0);
  await admin.end();
  await Promise.all(servers.map((s) => s.stop()));
  await smtp.close();
  await db.drop();
  return { processCount, completed, gaveUp, rec, serverCpu, dbCpu, saves: completed * SAVES };
}

/** The floor: the same sign-ups, logins and saves as bare statements and bare argon2 hashes. */
async function floor(applications: number) {
  const db = await scratchDatabase('deadlinefloor');
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  let hashCpu = 0;
  const chunks = saveChunks();
  let next = 0;
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (next < applications) {
        const i = next++;
        const email = `floor${i}@example.edu`;
        const h0 = process.cpuUsage();
        const passwordHash = await hash(PASSWORD, { algorithm: 2 });
        const { rows } = await pool.query<{ id: string }>(
          `INSERT INTO users (email, password_hash, created_at, confirmed_at) VALUES ($1, $2, now(), now()) RETURNING id`,
          [email, passwordHash],
        );
        const stored = await pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
          email,
        ]);
        await verify(stored.rows[0]!.password_hash, PASSWORD);
        const h1 = process.cpuUsage(h0);
        hashCpu += (h1.user + h1.system) / 1e6;
        for (const chunk of chunks)
          await pool.query(
            `INSERT INTO applications (user_id, answers, updated_at) VALUES ($1, $2, now())
             ON CONFLICT (user_id) DO UPDATE SET answers = applications.answers || EXCLUDED.answers, updated_at = now()`,
            [rows[0]!.id, JSON.stringify(chunk)],
          );
      }
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await pool.end();
  await db.drop();
  return { wallS, cpuS: (cpu.user + cpu.system) / 1e6, hashCpuS: hashCpu };
}

console.log(
  `deadline bench: ${SECONDS} s a run, ${USERS} applicants at once, ${SAVES} saves ${THINK_MS} ms apart; ` +
    `${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
for (const count of PROCESSES) {
  const r = await run(count);
  const fl = await floor(Math.max(1, r.completed));
  const perMinute = (r.completed / SECONDS) * 60;
  const apps = Math.max(1, r.completed);
  // Two hashes an application (sign-up, login), at the floor's measured cost of one.
  const hashPerApp = fl.hashCpuS / apps;
  console.log(
    `\n${count} process${count > 1 ? 'es' : ''}: ${r.completed} complete applications (${perMinute.toFixed(1)} a minute), ${r.gaveUp} gave up`,
  );
  for (const [name, times] of r.rec.times) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(9)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(`  errors: ${r.rec.errors.size ? JSON.stringify(Object.fromEntries(r.rec.errors)) : 'none'}`);
  const serverPerApp = r.serverCpu / apps;
  const dbPerApp = r.dbCpu / apps;
  console.log(
    `  CPU per application: server ${(serverPerApp * 1000).toFixed(0)} ms (password hashing ${(hashPerApp * 1000).toFixed(0)} ms, the rest ${((serverPerApp - hashPerApp) * 1000).toFixed(0)} ms), database ${(dbPerApp * 1000).toFixed(0)} ms`,
  );
  const floorPerApp = fl.cpuS / apps;
  console.log(
    `  floor (same ${apps} sign-ups, logins, ${apps * SAVES} saves as bare pg + argon2, ${USERS} at once): ${fl.wallS.toFixed(1)} s, ` +
      `${((apps / fl.wallS) * 60).toFixed(0)} a minute; CPU ${(floorPerApp * 1000).toFixed(0)} ms an application in the client ` +
      `(hashing ${(hashPerApp * 1000).toFixed(0)} ms); product/floor CPU ${((serverPerApp + dbPerApp) / floorPerApp).toFixed(2)}x`,
  );
}
