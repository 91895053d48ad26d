/**
 * The PDF copy's first byte (issue 31): "the first byte of a maximal copy within 300 ms warm and 1 s
 * cold". A maximal application (ten schools, every text at its limit; largest-application.test-helper.ts)
 * is written into a scratch PostgreSQL database, and its copy is downloaded from a real server process:
 *
 * - cold: the first download after the process starts (react-pdf and the fonts not loaded before);
 * - warm, new version: a download right after the answers changed, so the copy is drawn again;
 * - warm, same version: the same copy downloaded again;
 * - submitted: as the completion page asks for it (decision 056): its status until the copy is ready
 *   (drawn by the process asked, since the submission is older than the hand-off to the process that
 *   took it, and cold, in a process just started), then the first download, again in the same process,
 *   and the first in a process started after it.
 *
 * The baseline, measured in the same run on the same process: GET /health/live, the cheapest route.
 * Each figure is time to the first byte of the body and to its end, and the ratio of the first byte
 * to the baseline's. The floor, also measured in the same run (in this process, warm, median of
 * BENCH_ROUNDS after two unmeasured): the same words written by bare pdfkit (pdf-floor.ts).
 *
 *   npm run bench:pdf
 *   BENCH_ROUNDS=5 npm run bench:pdf
 */
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { buildForm, MAX_REPEATS, type Answers } from '@admissions/domain';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { largestAnswers } from '../apps/server/src/features/pdf/largest-application.test-helper';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test-support/server-process';
import { copyOutline, type CopyHeader } from '../apps/server/src/features/pdf/copy-outline';
import { drawFloor } from './pdf-floor';
import { scratchDatabase } from './scratch-database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EMAIL = 'maximal@example.edu';
const PASSWORD = 'Correct-Horse-42';

interface Timing {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** The body of an answer other than 200, to say why. */
  refusal?: string;
}

/** One GET: time to the first byte of the body (or the end of an empty one) and to the end. */
function timedGet(base: string, path: string, cookie = ''): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = NaN;
    let bytes = 0;
    const chunks: Buffer[] = [];
    const req = request(new URL(path, base), { headers: { cookie, origin: base } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.byteLength;
        if (res.statusCode !== 200) chunks.push(chunk);
      });
      res.on('end', () => {
        const totalMs = performance.now() - started;
        const refusal = chunks.length ? Buffer.concat(chunks).toString() : undefined;
        resolve({ status: res.statusCode ?? 0, firstByteMs: bytes ? firstByteMs : totalMs, totalMs, bytes, refusal });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/public/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const form = buildForm(loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused' }).tenant);

/** The server's own form, from the tenant file it reads, filled to every limit in Latin script. */
function maximalAnswers(): Answers {
  return { ...largestAnswers(form, 'latin'), first_name: 'Łukasiewicz' };
}

/** The floor: the maximal copy's words written by bare pdfkit in this process, warm; the median of ROUNDS. */
async function floorMs(): Promise<number> {
  const header: CopyHeader = {
    partnerName: 'Northfield College',
    applicationTitle: 'Graduate Application',
    applicantName: 'Łukasiewicz',
    email: EMAIL,
    submittedAt: null,
    timeZone: 'America/Chicago',
  };
  const pages = copyOutline(form, {
    answers: maximalAnswers(),
    view: { addAnother: { college: MAX_REPEATS }, tabs: {} },
    documentAnswer: {},
  });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    const started = performance.now();
    await drawFloor(header, pages);
    if (i >= 2) times.push(performance.now() - started);
  }
  return median(times);
}

const db = await scratchDatabase('pdfbyte');
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
const servers: ServerProcess[] = [];
// One data folder for every process, as processes behind one balancer share their object store.
const env = {
  DATABASE_URL: db.url,
  DATA_DIR: db.dataDir,
  SECRET_KEY: 'pdf-first-byte-bench-secret-key-0123456789abcdef',
};
const rows: { name: string; t: Timing; baseline: number }[] = [];

/** GET /health/live a few times on this process: the median of its first byte is this run's baseline. */
async function baselineOf(server: ServerProcess) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) times.push((await timedGet(server.url, '/health/live')).firstByteMs);
  return median(times);
}

async function fresh(): Promise<{ server: ServerProcess; cookie: string }> {
  const server = await startServerProcess(env);
  servers.push(server);
  return { server, cookie: await login(server.url) };
}

async function copyOf(server: ServerProcess, cookie: string, name: string, baseline: number) {
  // The applicant's download rate (PDF_LIMITS) is not what is measured: its counters start again before
  // each download, so BENCH_ROUNDS may pass it.
  await admin.query(`DELETE FROM rate_limits`);
  const t = await timedGet(server.url, '/api/pdf/file', cookie);
  if (t.status !== 200)
    throw new Error(`${name}: the copy answered ${t.status} after ${t.totalMs.toFixed(0)} ms: ${t.refusal}`);
  rows.push({ name, t, baseline });
}

/** The completion page's protocol, every 200 ms instead of every second: status calls until the copy is ready. */
async function readyOf(server: ServerProcess, cookie: string, name: string, baseline: number) {
  await admin.query(`DELETE FROM rate_limits`);
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${server.url}/api/pdf`, { headers: { cookie, origin: server.url } });
    const body = (await res.json()) as { status: string; message: string };
    if (res.status !== 200 || body.status === 'failed') throw new Error(`${name}: ${res.status} ${body.message}`);
    if (body.status === 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ms = performance.now() - started;
  rows.push({ name, t: { status: 200, firstByteMs: ms, totalMs: ms, bytes: 0 }, baseline });
}

try {
  const { rows: made } = await admin.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, created_at, confirmed_at) VALUES ($1, $2, now(), now()) RETURNING id`,
    [EMAIL, await hash(PASSWORD, { algorithm: 2 })],
  );
  const userId = made[0]!.id;
  await admin.query(`INSERT INTO applications (user_id, answers, add_another, updated_at) VALUES ($1, $2, $3, now())`, [
    userId,
    JSON.stringify(maximalAnswers()),
    JSON.stringify({ college: MAX_REPEATS }),
  ]);
  console.log(
    `pdf first-byte bench: ${ROUNDS} warm rounds; ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // A draft, in a new process: the first copy is cold, then warm.
  {
    const { server, cookie } = await fresh();
    const baseline = await baselineOf(server);
    await copyOf(server, cookie, 'draft, cold (first after start)', baseline);
    for (let i = 0; i < ROUNDS; i++) {
      // A changed answer is a new version of the copy: drawn again, in a warm process.
      await admin.query(`UPDATE applications SET answers = answers || $2, updated_at = now() WHERE user_id = $1`, [
        userId,
        JSON.stringify({ first_name: `Łukasiewicz ${i}` }),
      ]);
      await copyOf(server, cookie, 'draft, warm, new version', baseline);
      await copyOf(server, cookie, 'draft, warm, same version', baseline);
    }
    await server.stop();
  }

  // Submitted (here by a statement, so no process drew it at submission, and longer ago than the hand-off):
  // the first status call draws it and stores it; every download, in any process, even one just started,
  // is the stored copy.
  await admin.query(
    `UPDATE applications SET submitted_at = now() - interval '1 minute', updated_at = now() WHERE user_id = $1`,
    [userId],
  );
  {
    const { server, cookie } = await fresh();
    const baseline = await baselineOf(server);
    await readyOf(server, cookie, 'submitted, status until ready (cold)', baseline);
    await copyOf(server, cookie, 'submitted, first download', baseline);
    for (let i = 0; i < ROUNDS; i++) await copyOf(server, cookie, 'submitted, warm, again', baseline);
    await server.stop();
  }
  {
    const { server, cookie } = await fresh();
    const baseline = await baselineOf(server);
    await copyOf(server, cookie, 'submitted, cold (first after start)', baseline);
    await server.stop();
  }

  const floor = await floorMs();
  const groups = new Map<string, { t: Timing; baseline: number }[]>();
  for (const r of rows) (groups.get(r.name) ?? groups.set(r.name, []).get(r.name)!).push(r);
  console.log(
    `\n${'copy'.padEnd(38)} ${'n'.padStart(3)} ${'first byte'.padStart(11)} ${'total'.padStart(9)}  size   first byte / baseline, / floor`,
  );
  for (const [name, rs] of groups) {
    const first = median(rs.map((r) => r.t.firstByteMs));
    const total = median(rs.map((r) => r.t.totalMs));
    const base = median(rs.map((r) => r.baseline));
    console.log(
      `${name.padEnd(38)} ${String(rs.length).padStart(3)} ${first.toFixed(0).padStart(8)} ms ${total.toFixed(0).padStart(6)} ms ${(rs[0]!.t.bytes / 1024).toFixed(0).padStart(5)} KB  ${(first / base).toFixed(0)}x (baseline GET /health/live ${base.toFixed(1)} ms), ${(first / floor).toFixed(2)}x the floor`,
    );
  }
  console.log(
    `floor: the same words by bare pdfkit in this process, warm, median of ${ROUNDS}: ${floor.toFixed(0)} ms`,
  );
} finally {
  await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
  await admin.end();
  await db.drop();
}
