/**
 * The deadline hour (issue 31): simulated applicants go from sign-up to the PDF copy against one and
 * then two server processes on PostgreSQL, for a fixed time each, and the same work is then done as
 * bare `pg` statements and bare argon2 hashes: the floor, measured in the same run.
 *
 *   npm run bench:deadline
 *   npm run bench:deadline -- --duration 20      (a short run, to see it work end to end)
 *   BENCH_SECONDS=60 BENCH_USERS=30 BENCH_SAVES=8 BENCH_THINK_MS=500 BENCH_RAMP_MS=5000 BENCH_PROCESSES=1,2 npm run bench:deadline
 *
 * Each simulated applicant signs up, reads the code from the run's own SMTP server, confirms, logs in,
 * saves the complete application in BENCH_SAVES saves with BENCH_THINK_MS between them, submits, asks
 * for the PDF copy's status every second until it is ready (as the completion page does; 'pdf ready' is
 * the time from the submission's answer to that), downloads it, then starts again as a new applicant. Each has its own client address
 * (X-Forwarded-For, TRUST_PROXY=1), as applicants do. Printed: complete applications a minute, p50,
 * p95 and p99 of each call, errors, and CPU per application: the server processes' (of which password
 * hashing, from the cost of one hash measured alone before the rounds), the database backends' and the
 * rest; why applicants gave up, by step; and the floor.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { PDF_STATUS_POLL_FAST_MS, type PdfCopyStatusResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import pg from 'pg';
import { hashPassword, verifyPassword } from '../apps/server/src/features/accounts/password-hashing';
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
/**
 * Applicants arrive over the first BENCH_RAMP_MS, one after another, as people do, rather than all 30 in
 * the same millisecond: that herd, at a process just started, was the whole of sign-up's p95 and p99
 * (BENCH_RAMP_MS=0 brings it back).
 */
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 5000);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const HASHES = Number(process.env.BENCH_HASHES ?? 10);
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

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** A refusal's name: the call, the status and, for 429/503, the wait asked (2 s: a bound on work in flight, 60 s: a rate). */
const refusal = (name: string, res: { status: number; retryAfter: number }) =>
  `${name} ${res.status}${res.retryAfter ? ` (Retry-After ${res.retryAfter} s)` : ''}`;

/** Why a journey ended before its PDF copy: the step and what it was answered. */
class GaveUp {
  constructor(readonly reason: string) {}
}

class Recorder {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly ok = new Map<string, number>();
  /** A span that is not one call (how long after its submission the PDF copy was ready). */
  record(name: string, ms: number) {
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(ms);
  }
  async time<T extends { status: number; retryAfter: number }>(name: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const res = await call().catch((err: unknown) => {
      throw new GaveUp(`${name}: ${(err as Error).message}`);
    });
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(performance.now() - started);
    if (res.status === 200) count(this.ok, name);
    else count(this.errors, refusal(name, res));
    return res;
  }
}

/** The call's answer, or the journey ends here with the reason. */
function expectOk(name: string, res: { status: number; retryAfter: number }) {
  if (res.status !== 200) throw new GaveUp(refusal(name, res));
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
      const answer = Buffer.from(await res.arrayBuffer());
      return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), body: answer };
    });
}

/**
 * The servers' warnings and errors, counted by message and cause: a 503 says only "come back", the log
 * says why (a connection not opened within its second on a busy machine, a statement cancelled for
 * time, ...).
 */
function serverWarnings(servers: ServerProcess[]) {
  const counts = new Map<string, number>();
  for (const { child } of servers) {
    let rest = '';
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) >= 40)
            count(counts, `${entry.msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
        } catch {
          // not a log line
        }
      }
    });
  }
  return counts;
}

/**
 * A 429 or 503 with Retry-After is waited out and tried again, at most 3 times, at every step: a
 * patient applicant clicking again. The web app itself retries nothing (the PDF copy is a plain
 * download link: a refused download fails in the browser), so every refusal is also counted in the
 * errors. A person clicks again some time after the wait asked, not on its millisecond: without the
 * spread, applicants refused together all come back together and are refused together again.
 */
async function patiently<T extends { status: number; retryAfter: number }>(attempt: () => Promise<T>): Promise<T> {
  let res = await attempt();
  for (let i = 0; i < 3 && (res.status === 429 || res.status === 503) && res.retryAfter > 0; i++) {
    await sleep(res.retryAfter * 1000 + Math.random() * 1000);
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

/**
 * The complete application, in BENCH_SAVES saves of a few answers each, as an applicant fills it in. Each
 * applicant names a recommender of their own: one address asked by every applicant would pass the
 * recommender mail limit (20 an address a day) after twenty, and the rest would submit without the
 * letter requests a real submission sends.
 */
function saveChunks(applicant = 0) {
  const entries = Object.entries({ ...completeAnswers(), recommender_email: `recommender${applicant}@example.edu` });
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
  const warnings = serverWarnings(servers);
  // Every process answers PUBLIC_URL's origin: the browsers send their own server's URL as origin.
  const rec = new Recorder();
  const admin = new pg.Client({ connectionString: db.url });
  admin.on('error', () => {}); // a lost connection fails the next query; it must not crash the run first
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
  const reasons = new Map<string, number>();
  let n = 0;
  await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      await sleep((u * RAMP_MS) / USERS);
      while (Date.now() < until) {
        const i = n++;
        const server = servers[i % servers.length]!;
        const call = browser(server.url, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rec);
        const email = `deadline${u}-${i}@example.edu`;
        try {
          expectOk(
            'signup',
            await patiently(() => call('signup', 'POST', '/public/signup', { username: email, password: PASSWORD })),
          );
          const code = await codeFor(smtp, email, until);
          if (!code) throw new GaveUp('confirm: no code came by mail within 30 s of the end');
          expectOk(
            'confirm',
            await patiently(() => call('confirm', 'POST', '/public/confirm', { username: email, code })),
          );
          expectOk(
            'login',
            await patiently(() => call('login', 'POST', '/public/login', { username: email, password: PASSWORD })),
          );
          for (const chunk of saveChunks(i)) {
            await sleep(THINK_MS);
            expectOk('save', await patiently(() => call('save', 'PUT', '/api/answer', chunk)));
          }
          expectOk('submit', await patiently(() => call('submit', 'POST', '/api/submit')));
          // The completion page, as the web app does it (SPEC section 4): the copy's status at once, then every
          // second until it is settled; the link appears once it is 'completed', and the applicant clicks it.
          const submitted = performance.now();
          for (let polls = 0; ; polls++) {
            const res = await patiently(() => call('pdf status', 'GET', '/api/pdf'));
            expectOk('pdf status', res);
            const { status } = JSON.parse(res.body.toString()) as PdfCopyStatusResponse;
            if (status === 'completed') break;
            if (status === 'failed') throw new GaveUp('pdf status: failed');
            if (polls >= 60) throw new GaveUp('pdf status: not ready within a minute');
            await sleep(PDF_STATUS_POLL_FAST_MS);
          }
          rec.record('pdf ready', performance.now() - submitted);
          expectOk('pdf copy', await patiently(() => call('pdf copy', 'GET', '/api/pdf/file')));
          if (Date.now() <= until + 5000) completed += 1;
        } catch (err) {
          if (!(err instanceof GaveUp)) throw err;
          gaveUp += 1;
          count(reasons, err.reason);
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
  return {
    processCount,
    started: n,
    completed,
    gaveUp,
    reasons,
    warnings,
    rec,
    serverCpu,
    dbCpu,
    saves: completed * SAVES,
  };
}

/** The floor: the same sign-ups, logins and saves as bare statements and bare argon2 hashes. */
async function floor(applications: number) {
  const db = await scratchDatabase('deadlinefloor');
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  pool.on('error', () => {}); // an idle client's lost connection is replaced; it must not crash the run
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const chunks = saveChunks();
  let next = 0;
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (next < applications) {
        const i = next++;
        const email = `floor${i}@example.edu`;
        const passwordHash = await hashPassword(PASSWORD);
        const { rows } = await pool.query<{ id: string }>(
          `INSERT INTO users (email, password_hash, created_at, confirmed_at) VALUES ($1, $2, now(), now()) RETURNING id`,
          [email, passwordHash],
        );
        const stored = await pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
          email,
        ]);
        await verifyPassword(stored.rows[0]!.password_hash, PASSWORD);
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
  return { wallS, cpuS: (cpu.user + cpu.system) / 1e6 };
}

/**
 * CPU seconds of one password hash as the server does it (its own hashPassword and verifyPassword, so
 * the same options), measured alone: BENCH_HASHES hashes and as many checks one after the other, with
 * nothing else running in this process. Timing each hash inside a concurrent run cannot work:
 * process.cpuUsage() is the whole process's, so 30 windows open at once each count the others' CPU
 * (issue 31 saw "password hashing 1052 ms, the rest -657 ms").
 */
async function oneHashCpuS() {
  await verifyPassword(await hashPassword(PASSWORD), PASSWORD); // loads the native module, off the clock
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < HASHES; i++) {
    if (!(await verifyPassword(await hashPassword(PASSWORD), PASSWORD))) throw new Error('hash check failed');
  }
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1e6 / (2 * HASHES);
}

console.log(
  `deadline bench: ${SECONDS} s a run, ${USERS} applicants at once (arriving over ${RAMP_MS} ms), ${SAVES} saves ${THINK_MS} ms apart; ` +
    `${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const hashS = await oneHashCpuS();
console.log(`one password hash (or check), measured alone: ${(hashS * 1000).toFixed(0)} ms CPU`);
for (const processes of PROCESSES) {
  const r = await run(processes);
  const fl = await floor(Math.max(1, r.completed));
  const perMinute = (r.completed / SECONDS) * 60;
  const apps = Math.max(1, r.completed);
  // The server hashes once at each sign-up and checks once at each login (confirming checks a keyed
  // SHA-256 of the code, not argon2), also for the journeys that did not finish: all of them count
  // against the completed applications, as the server's CPU does.
  const hashes = (r.rec.ok.get('signup') ?? 0) + (r.rec.ok.get('login') ?? 0);
  const hashPerApp = (hashes * hashS) / apps;
  console.log(
    `\n${processes} process${processes > 1 ? 'es' : ''}: ${r.completed} complete applications (${perMinute.toFixed(1)} a minute), ${r.gaveUp} gave up, ${r.started - r.completed - r.gaveUp} still on their way at the end`,
  );
  if (r.reasons.size) console.log(`  gave up at: ${JSON.stringify(Object.fromEntries(r.reasons))}`);
  if (r.warnings.size) console.log(`  server warnings: ${JSON.stringify(Object.fromEntries(r.warnings))}`);
  for (const [name, times] of r.rec.times) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(10)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(`  errors: ${r.rec.errors.size ? JSON.stringify(Object.fromEntries(r.rec.errors)) : 'none'}`);
  const serverPerApp = r.serverCpu / apps;
  const dbPerApp = r.dbCpu / apps;
  console.log(
    `  CPU per application: server ${(serverPerApp * 1000).toFixed(0)} ms (password hashing ${(hashPerApp * 1000).toFixed(0)} ms in ${hashes} hashes, the rest ${((serverPerApp - hashPerApp) * 1000).toFixed(0)} ms), database ${(dbPerApp * 1000).toFixed(0)} ms`,
  );
  const floorPerApp = fl.cpuS / apps;
  console.log(
    `  floor (same ${apps} sign-ups, logins, ${apps * SAVES} saves as bare pg + argon2, ${USERS} at once): ${fl.wallS.toFixed(1)} s, ` +
      `${((apps / fl.wallS) * 60).toFixed(0)} a minute; CPU ${(floorPerApp * 1000).toFixed(0)} ms an application in the client ` +
      `(hashing ${(2 * hashS * 1000).toFixed(0)} ms); product/floor CPU ${((serverPerApp + dbPerApp) / floorPerApp).toFixed(2)}x`,
  );
}
