/**
 * Phone-on-deadline-day benchmark (issue 13): the built product, served as
 * `npm start` serves it, measured by Lighthouse's mobile preset (simulated
 * slow 4G, 4x CPU) in Debian's Chromium, on /about, /login, /signup and,
 * logged in, every step page and /completion (a submitted account). Then, in
 * the same run and against baselines measured alongside:
 *   - GET /api/profile per second vs a raw primary-key SELECT over a pool of
 *     the same size as the server's, and vs two floors under it, each behind a
 *     bare node:http server (bench/bare-select-server.ts): that SELECT, and
 *     the product's own profile statement and body;
 *   - start to first answer of the server vs a bare node:http server, and vs
 *     a floor under it: a bare Fastify server with one route
 *     (bench/bare-fastify-server.mjs).
 * It prints figures and ratios with their goals, never pass/fail.
 *
 *   npm run bench:web   (PostgreSQL from TEST_DATABASE_URL or the local server;
 *                        CHROMIUM_PATH, BENCH_LH_RUNS=3, BENCH_PROFILE_CALLS, BENCH_ROUNDS,
 *                        BENCH_PAGES: labels to measure, comma-separated, e.g. '/final-steps (logged in)',
 *                        BENCH_REPORTS: a folder to write each run's Lighthouse JSON to, to see why)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { LOGIN_MARKER_COOKIE, SESSION_COOKIE } from '@admissions/domain';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/session/session-store';
import { closeConnections, closedLoop, request } from './load';
import { scratchDatabase } from './scratch-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const PROFILE_CALLS = Number(process.env.BENCH_PROFILE_CALLS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const REPORTS_DIR = process.env.BENCH_REPORTS;
const MAX_FAILED_RUNS = 3; // per page
const CONCURRENCY = 64;
const POOL_SIZE = 20; // the server's pool size (postgres-db.ts default)
const SESSIONS = 200;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PUBLIC_PAGES = ['/about', '/login', '/signup'];
const STEP_PAGES = ['/about', '/education-alr', '/final-steps'];
const SERVER_ARGS = ['--enable-source-maps', 'apps/server/dist/server.js']; // what `npm start` runs after building
const BARE_FASTIFY_SERVER = 'bench/bare-fastify-server.mjs';
const BARE_SERVER = `require('node:http').createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;
let applicants = 0;
const ms = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} KB`;

const scratch = await scratchDatabase('bench_web');
const { dataDir } = scratch;
const db = createPostgresDb({ connectionString: scratch.url, max: POOL_SIZE });
let server: ChildProcess | undefined;
const bareServers: ChildProcess[] = [];
let chrome: Awaited<ReturnType<typeof launch>> | undefined;

try {
  console.log('building (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startProductServer(port, { DATABASE_URL: scratch.url });

  // ---- Lighthouse ----------------------------------------------------------------------------
  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const setSession = async (sessionId: string | undefined) => {
    await browser.deleteCookie(...(await browser.cookies()));
    if (!sessionId) return;
    const common = { domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const };
    await browser.setCookie(
      { ...common, name: SESSION_COOKIE, value: sessionId, httpOnly: true },
      { ...common, name: LOGIN_MARKER_COOKIE, value: '1' },
    );
  };

  const pages: { label: string; url: string; session: () => Promise<string | undefined> }[] = [
    ...PUBLIC_PAGES.map((p) => ({ label: p, url: p, session: async () => undefined })),
    // A fresh applicant per run, so 'take me back to my last page' never moves the page measured.
    ...STEP_PAGES.map((p) => ({ label: `${p} (logged in)`, url: p, session: () => newApplicant(false) })),
    { label: '/completion (submitted)', url: '/completion', session: () => newApplicant(true) },
  ];

  const results: PageResult[] = [];
  for (const page of pages.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.label))) {
    const runs: PageResult[] = [];
    for (let r = 0, failed = 0; r < LH_RUNS; r++) {
      await setSession(await page.session());
      const result = await lighthouse(`${base}${page.url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      // A run whose trace Lighthouse could not read scores 0; counted, it would drag the median down.
      const { runtimeError } = result.lhr;
      if (runtimeError) {
        console.log(`    ${page.label}: run ${r + 1} failed (${runtimeError.code}); run again`);
        if (++failed > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed ${failed} times on ${page.url}`);
        r--;
        continue;
      }
      if (REPORTS_DIR) {
        const name = `${page.label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${r + 1}.json`;
        await mkdir(REPORTS_DIR, { recursive: true });
        await writeFile(path.join(REPORTS_DIR, name), String(result.report));
      }
      runs.push(pageResult(page.label, result.lhr as unknown as Lhr));
    }
    const mid = medianBy(runs, (x) => x.performance);
    results.push(mid);
    console.log(
      `${mid.label.padEnd(28)} perf ${String(mid.performance).padStart(3)}  a11y ${String(mid.accessibility).padStart(3)}  FCP ${ms(mid.fcp)}  LCP ${ms(mid.lcp)}  TBT ${ms(mid.tbt)}  CLS ${mid.cls.toFixed(3)}  initial JS ${kb(mid.jsBytes)} (${mid.jsFiles} files)  requests ${mid.requests}` +
        (mid.finalUrl.endsWith(page.url) ? '' : `  (ended at ${new URL(mid.finalUrl).pathname})`),
    );
    // A shift in any run is named, not only in the median one: it is what a user may see.
    for (const run of runs) for (const shift of run.shifts) console.log(`    layout shift: ${shift}`);
  }
  await browser.disconnect();
  await chrome.kill();
  chrome = undefined;

  // ---- GET /api/profile vs a raw primary-key SELECT --------------------------------------------
  const userIds: string[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const { id, sessionId } = await applicantRow(`profile${i}@example.edu`, false);
    userIds.push(id);
    cookies.push(`${SESSION_COOKIE}=${sessionId}`);
  }
  const profileUrl = new URL('/api/profile', base);
  const profile = (i: number) => request(profileUrl, 'GET', { cookie: cookies[i % SESSIONS]! }, undefined);
  const rawSelect = (i: number) =>
    db.query('SELECT id, email, confirmed_at FROM users WHERE id = $1', [userIds[i % SESSIONS]]).then(() => undefined);
  // The floors (bench/bare-select-server.ts), each a bare node:http server in its own process: the same
  // SELECT, and the product's own profile statement and body, so the gap splits into HTTP, the
  // statement's work and what the framework adds.
  const selectBase = await startBareServer('select');
  const bareSelect = (i: number) =>
    request(new URL(`/?id=${userIds[i % SESSIONS]!}`, selectBase), 'GET', {}, undefined);
  const profileBase = await startBareServer('profile');
  const bareProfile = (i: number) =>
    request(new URL('/', profileBase), 'GET', { cookie: cookies[i % SESSIONS]! }, undefined);
  // The profile floor is only a floor if it does the product's work: the same body for the same cookie.
  const bodyOf = async (url: URL) =>
    (await fetch(url, { headers: { cookie: cookies[0]! } })).json() as Promise<{ username?: string }>;
  const [productBody, floorBody] = await Promise.all([bodyOf(profileUrl), bodyOf(new URL('/', profileBase))]);
  if (!productBody.username || JSON.stringify(floorBody) !== JSON.stringify(productBody))
    throw new Error(
      `the profile floor answers ${JSON.stringify(floorBody)}, the product ${JSON.stringify(productBody)}`,
    );
  await closedLoop(2000, CONCURRENCY, rawSelect);
  await closedLoop(2000, CONCURRENCY, bareSelect);
  await closedLoop(2000, CONCURRENCY, bareProfile);
  await closedLoop(2000, CONCURRENCY, profile);
  const apiRounds: { baseline: number; floor: number; profileFloor: number; app: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const baseline = await closedLoop(PROFILE_CALLS, CONCURRENCY, rawSelect);
    const floor = await closedLoop(PROFILE_CALLS, CONCURRENCY, bareSelect);
    const profileFloor = await closedLoop(PROFILE_CALLS, CONCURRENCY, bareProfile);
    const app = await closedLoop(PROFILE_CALLS, CONCURRENCY, profile);
    if (app.errors > 0) console.warn(`GET /api/profile: ${app.errors} errors`);
    if (floor.errors > 0) console.warn(`bare node:http SELECT: ${floor.errors} errors`);
    if (profileFloor.errors > 0) console.warn(`bare node:http profile: ${profileFloor.errors} errors`);
    apiRounds.push({
      baseline: baseline.perSecond,
      floor: floor.perSecond,
      profileFloor: profileFloor.perSecond,
      app: app.perSecond,
    });
  }
  for (const bare of bareServers.splice(0)) {
    bare.kill('SIGTERM');
    await onceExited(bare);
  }
  await closeConnections();
  server.kill('SIGTERM');
  server = undefined;

  // ---- Start to first answer -------------------------------------------------------------------
  // PGlite's first start creates its database (initdb); the starts measured are later ones.
  const pgliteDir = path.join(dataDir, 'pglite-start');
  const warm = await startProductServer(await freePort(), { DATA_DIR: pgliteDir });
  warm.kill('SIGTERM');
  await onceExited(warm);
  // Its first start fills the compile cache, as the product's first start above did.
  await timeToFirstAnswer([BARE_FASTIFY_SERVER], {});
  const starts: { bare: number; fastify: number; postgres: number; pglite: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    starts.push({
      bare: await timeToFirstAnswer(['-e', BARE_SERVER], {}),
      fastify: await timeToFirstAnswer([BARE_FASTIFY_SERVER], {}),
      postgres: await timeToFirstAnswer(SERVER_ARGS, { DATABASE_URL: scratch.url }),
      pglite: await timeToFirstAnswer(SERVER_ARGS, { DATA_DIR: pgliteDir }),
    });
  }

  // ---- Report ----------------------------------------------------------------------------------
  const apiRatios = apiRounds.map((r) => r.app / r.baseline);
  const floorRatios = apiRounds.map((r) => r.floor / r.baseline);
  const appToFloor = apiRounds.map((r) => r.app / r.floor);
  const appToProfileFloor = apiRounds.map((r) => r.app / r.profileFloor);
  const apiMid = apiRounds[apiRatios.indexOf(median(apiRatios))]!;
  const pgRatios = starts.map((s) => s.postgres / s.bare);
  const pgliteRatios = starts.map((s) => s.pglite / s.bare);
  const fastifyRatios = starts.map((s) => s.fastify / s.bare);
  const startMid = starts[pgRatios.indexOf(median(pgRatios))]!;

  console.log(
    `\n${new Date().toISOString()}  ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}  Node ${process.version}`,
  );
  console.log(
    `Lighthouse mobile preset, median of ${LH_RUNS} runs by performance score (goals: perf >= 95, a11y 100, CLS 0 logged in, TBT <= 150 ms on /education-alr, initial JS on /about <= 120 KB):`,
  );
  console.log('page                          perf  a11y     FCP      LCP      TBT    CLS   initial JS (transfer)');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(28)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${ms(r.fcp)} ${ms(r.lcp)} ${ms(r.tbt)}  ${r.cls.toFixed(3)}  ${kb(r.jsBytes)}`,
    );
  }
  console.log(
    `\nGET /api/profile: ${apiMid.app.toFixed(0)}/s vs raw primary-key SELECT ${apiMid.baseline.toFixed(0)}/s (pool ${POOL_SIZE}, ${CONCURRENCY} in flight); ratio per round ${apiRatios.map((r) => r.toFixed(2)).join(', ')}; median ${median(apiRatios).toFixed(2)}   (goal >= 0.5)`,
  );
  // What no server can beat on this machine: the same SELECT behind node:http alone.
  console.log(
    `  floor, bare node:http + the same SELECT: ${apiMid.floor.toFixed(0)}/s; its ratio to the raw SELECT per round ${floorRatios.map((r) => r.toFixed(2)).join(', ')}; median ${median(floorRatios).toFixed(2)}; GET /api/profile is ${median(appToFloor).toFixed(2)} of the floor`,
  );
  console.log(
    `  bare node:http + the product's own profile statement and body: ${apiMid.profileFloor.toFixed(0)}/s; GET /api/profile is ${appToProfileFloor.map((r) => r.toFixed(2)).join(', ')} of it per round, median ${median(appToProfileFloor).toFixed(2)} (what the framework, its hooks and headers cost)`,
  );
  console.log(
    `start to first answer: bare node:http ${startMid.bare.toFixed(0)} ms, server on PostgreSQL ${startMid.postgres.toFixed(0)} ms, on PGlite ${startMid.pglite.toFixed(0)} ms; ratio PostgreSQL ${median(pgRatios).toFixed(2)}, PGlite ${median(pgliteRatios).toFixed(2)} (medians of ${ROUNDS})   (goal <= 2)`,
  );
  // What no server built on Fastify can beat: Fastify with one route and nothing else.
  console.log(
    `  floor, a bare Fastify server with one route: ${startMid.fastify.toFixed(0)} ms; its ratio to bare node:http per round ${fastifyRatios.map((r) => r.toFixed(2)).join(', ')}; median ${median(fastifyRatios).toFixed(2)}; the server on PostgreSQL takes ${median(starts.map((s) => s.postgres / s.fastify)).toFixed(2)} times as long\n`,
  );
} finally {
  await closeConnections();
  server?.kill('SIGTERM');
  for (const bare of bareServers) bare.kill('SIGTERM');
  await chrome?.kill();
  await db.close();
  await scratch.drop();
}

interface PageResult {
  label: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  requests: number;
  /** What moved, when anything did: Lighthouse's layout-shift culprits. */
  shifts: string[];
}

interface Lhr {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>;
}

function pageResult(label: string, lhr: Lhr): PageResult {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const shiftItems = (lhr.audits['layout-shifts']?.details?.items ?? []) as {
    score?: number;
    node?: { selector?: string; nodeLabel?: string };
  }[];
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const value = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
  return {
    label,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    requests: items.length,
    shifts: shiftItems.map(
      (i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? '?'} (${(i.node?.nodeLabel ?? '').slice(0, 60)})`,
    ),
  };
}

/** An applicant made directly in the database (argon2 sign-ups are not what is measured), with a live session. */
async function applicantRow(email: string, submitted: boolean): Promise<{ id: string; sessionId: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [email],
  );
  const id = rows[0]!.id;
  if (submitted) {
    await db.query(
      `INSERT INTO applications (user_id, answers, updated_at, submitted_at) VALUES ($1, '{}', now(), now())`,
      [id],
    );
    for (const status of ['started', 'validating', 'submitted']) {
      await db.query('INSERT INTO web_status_events (user_id, web_status, created_at) VALUES ($1, $2, now())', [
        id,
        status,
      ]);
    }
  }
  return { id, sessionId: await startSession({ db, clock: { now: () => new Date() } }, id) };
}

async function newApplicant(submitted: boolean): Promise<string> {
  return (await applicantRow(`lighthouse${applicants++}@example.edu`, submitted)).sessionId;
}

function spawnServer(args: string[], port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function startProductServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawnServer(SERVER_ARGS, port, env);
  await firstAnswer(port, 60_000);
  return child;
}

/** A floor server (bench/bare-select-server.ts) in MODE; its base URL once it answers. */
async function startBareServer(mode: 'select' | 'profile'): Promise<string> {
  const port = await freePort();
  bareServers.push(
    spawn(process.execPath, ['--import', 'tsx', 'bench/bare-select-server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: scratch.url,
        POOL_SIZE: String(POOL_SIZE),
        MODE: mode,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await firstAnswer(port, 60_000);
  return `http://127.0.0.1:${port}`;
}

/** Milliseconds from spawning the process to its first HTTP answer. */
async function timeToFirstAnswer(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer(args, port, env);
  await firstAnswer(port, 60_000);
  const took = performance.now() - started;
  child.kill('SIGTERM');
  await onceExited(child);
  return took;
}

async function firstAnswer(port: number, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/public/tenant`)).arrayBuffer();
      return;
    } catch (err) {
      if (performance.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

function onceExited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianBy<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}
