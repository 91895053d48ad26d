/**
 * The read API's list (issue 45) over 200,000 applications: GET /api/v1/applications?updated_since=…&limit=100, as a
 * student-record system's sync asks for it, against a bare indexed SELECT of the same page in the same run.
 *
 * A throwaway database on the local PostgreSQL gets BENCH_APPLICATIONS (200,000) applications, made with set-based
 * SQL (users, complete answers varied by program and name, two in three submitted with their kept basis, one
 * "answer" history row each, a released decision for one in ten, a Banner ID for one in five); the read API's
 * updated_at (migration 142) is kept by its own triggers as the rows go in. The application changed once a minute going back ~140 days, so an
 * updated_since of one day matches ~1,440 applications and one of 120 days ~170,000. The server runs in its own
 * process (what `npm start` runs: the server's bundle, built by the run), on that database, with a token of scope applications:read made as the
 * console makes it (createApiToken) and a rate limit that never refuses the run.
 *
 * The pages: for each of BENCH_SINCE_DAYS (1, 3, 7, 14, 30, 60, 90, 120 days), the first BENCH_PAGES (6) pages,
 * walked once through the API (their cursors are the API's own), so 48 different pages, some found through the
 * updated_at index, some by walking the primary key. The floor of each page: the bare SELECT of the application rows
 * the page shows, with the product's own WHERE, ORDER BY and LIMIT (the same rows, planned on the same index),
 * through a plain `pg` pool in this process, without HTTP, token, checklist, audit or JSON. A third side, the HTTP
 * floor: a bare node:http server in its own process answering that SELECT's rows as JSON (what any HTTP answer of
 * the page costs at least). A fourth, the audited floor: the same server (another process of it) checking the token,
 * reading the page and writing the call's audit row in one statement. A fifth, the views floor: the audited floor (a
 * third process) answering the page's stored views spliced in as stored (the API's own content: each application's answers shown, checklist, decision and
 * campus IDs, which the bare SELECT's rows do not hold). Before timing, each page's ids are checked to be the bare SELECT's, and both
 * statements' plans printed (how each reads the applications table).
 *
 * BENCH_ROUNDS (15) rounds; in each, every page once on each side, one call at a time, the pages shuffled and the
 * side that goes first rotating page by page. Fifteen, not five: a round's p95 is its third-slowest call of 48, so
 * on this 2-core machine one round's ratio ranges from about 1x to 4x, and the median of five moved by 1.5x from one
 * run to the next (2.5x, 4.0x) where that of fifteen is steadier. Prints each round's p50/p95 of each side and the p95 ratio, the medians,
 * then the CPU a call costs the bare SELECT, the views floor and the API (each alone over the pages twice: in its
 * server's process, in PostgreSQL's processes, in this one; and what the server and PostgreSQL spend with no call),
 * where the API's time goes (each part of the call timed on its own, in this process) and the GOAL (issue 45: the
 * API's p95 at most 2x the bare SELECT's).
 *
 *   npm run bench:api-v1     (uses TEST_DATABASE_URL or the local server)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { completeAnswers } from '@admissions/domain/testing';
import { keptBasisOf, type ApiV1ApplicationList, type KeptBasis } from '@admissions/domain';
import { createFormContext } from '../apps/server/src/core/form-context';
import { refreshConsoleIndex } from '../apps/server/src/features/staff/console-index';
import { apiCallAuditRow, createApiToken } from '../apps/server/src/features/api-tokens';
import { hashTokenSecret } from '../apps/server/src/features/api-tokens/api-token-secret';
import { findLiveToken } from '../apps/server/src/features/api-tokens/api-tokens-repository';
import { applicationsPage, rowsToDerive } from '../apps/server/src/features/api-v1/application-rows';
import { deriveViews } from '../apps/server/src/features/api-v1/application-view';
import { listAnswer } from '../apps/server/src/features/api-v1/list-answer';
import { applicationTexts, refreshApiViews, viewCheckOf } from '../apps/server/src/features/api-v1/api-views';
import type { Queryable } from '../apps/server/src/infra/db/db';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';
import { cpuPerOp, cpuSnapshot, spentBetween, waitUntilSettled } from './cpu';
import { waitForServer } from './wait-for-server';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 200_000);
const SINCE_DAYS = (process.env.BENCH_SINCE_DAYS ?? '1,3,7,14,30,60,90,120').split(',').map(Number);
const PAGES = Number(process.env.BENCH_PAGES ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const LIMIT = 100;
/** The server's pool size (postgres-db.ts default); the floor's pool is as large. */
const POOL_SIZE = 20;
/** Issue 45: the API's p95 at most this many times the bare SELECT's. */
const GOAL = 2;
const SECRET_KEY = randomBytes(32).toString('hex');

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A small deterministic generator, so that every run shuffles the same way. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A port free right now, asked of the operating system, so parallel runs never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * `count` applications in set-based SQL, as the product writes them: users; complete answers, each with its program
 * (the tenant's, in turn), term and name; one in three still in progress; an "answer" history row each (the
 * checklist reads the last one); a released decision for one submitted application in ten; a Banner ID for one in
 * five. A submitted application keeps the programs and terms it was submitted with, as a submission writes them.
 * Application n changed n minutes ago, so updated_since selects a known share.
 */
async function seedApplications(
  db: Queryable,
  count: number,
  programs: string[],
  decisionCode: string,
  keptBasis: KeptBasis,
) {
  await db.query(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at)
     SELECT 'api-' || g || '@example.edu', 'x', now(), now() FROM generate_series(1, $1::int) g`,
    [count],
  );
  await db.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at, kept_basis)
     SELECT id, $1::jsonb || jsonb_build_object(
         'first_name', (ARRAY['Ada','Grace','Alan','Hedy','Katherine','Tim','Barbara','Edsger','Frances','Niklaus'])[1 + n % 10],
         'last_name', 'Bench' || n,
         'applied_major', ($2::text[])[1 + n % cardinality($2::text[])],
         'entry_term', (ARRAY['2027SP','2027FA','2028SP','2028FA'])[1 + n % 4]),
       now() - (n || ' minutes')::interval,
       CASE WHEN n % 3 <> 0 THEN now() - (n || ' minutes')::interval END,
       CASE WHEN n % 3 <> 0 THEN $3::jsonb END
     FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM users) u`,
    [JSON.stringify(completeAnswers()), programs, JSON.stringify(keptBasis)],
  );
  await db.query(
    `INSERT INTO answer_history (user_id, kind, changes, created_at)
     SELECT user_id, 'answer', '{}'::jsonb, updated_at FROM applications ORDER BY updated_at`,
  );
  // The console's index is not what this measures: its refresher (every 10 s in the server) has nothing to read.
  await db.query(
    `UPDATE staff_index_progress SET last_history_id = (SELECT coalesce(max(id), 0) FROM answer_history) WHERE id = 1`,
  );
  await db.query(
    `INSERT INTO decisions (id, user_id, code, status, decided_by, decided_at, released_at, released_by)
     SELECT gen_random_uuid(), user_id, $1, 'released', 'bench', updated_at, updated_at, 'bench'
     FROM (SELECT user_id, updated_at, row_number() OVER (ORDER BY updated_at DESC, user_id) AS n
           FROM applications WHERE submitted_at IS NOT NULL) a WHERE n % 10 = 1`,
    [decisionCode],
  );
  await db.query(
    `INSERT INTO application_external_ids (application_id, system, external_id, set_at, set_by)
     SELECT user_id, 'banner', 'B' || lpad(n::text, 8, '0'), updated_at, 'bench'
     FROM (SELECT user_id, updated_at, row_number() OVER (ORDER BY updated_at DESC, user_id) AS n FROM applications) a
     WHERE n % 5 = 0`,
  );
  await db.query('VACUUM ANALYZE');
}

/** One page to time: the API's path (its cursor the API's own) and the floor's parameters for the same page. */
interface Page {
  label: string;
  since: string;
  /** The last id of the page before, or null for the first page. */
  after: string | null;
  path: string;
  ids: string[];
}

/** The floor: the rows of the page, with the product's WHERE, ORDER BY and LIMIT (one more row: is there a next?). */
const BARE_SQL = `SELECT a.user_id, a.answers, a.submitted_at, a.api_updated_at FROM applications a
  WHERE ($2::uuid IS NULL OR a.user_id > $2::uuid) AND a.api_updated_at >= $1::timestamptz
  ORDER BY a.user_id LIMIT ${LIMIT + 1}`;

/**
 * The HTTP floors of the page: a bare node:http server (no framework, no checklist), each floor in a process of its
 * own, through a `pg` pool of the server's size, answering the bare SELECT's rows as JSON. GET /?since=…&after=…: the page alone,
 * what any HTTP answer of the same page costs at least. GET /audited?…: the token's row by its hash, the page and the
 * call's audit row in one statement (the product's INSERT in a CTE; nothing read or written for a token not live), as
 * the issue asks of every call (a live token, every call audited): what any authenticated and audited answer costs at
 * least, in one round trip. GET /views?…: the same with the page's stored views (application_api_views, what the
 * product's answer holds for each application: its answers shown, checklist, decision, campus IDs) spliced into the
 * answer as stored: what any authenticated and audited answer of the API's own content costs at least.
 */
const FLOOR_SERVER = `
const http = require('node:http');
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
const TOK = 'tok AS (SELECT id, name FROM api_tokens WHERE secret_hash = $3 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $4))';
const AUDIT = 'audit AS (INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at) ' +
  "SELECT NULL, 'api-token:' || tok.name, NULL, 'api-call', $5::jsonb || jsonb_build_object('token_id', tok.id, 'rows', LEAST(count(page.user_id), ${LIMIT})), $4 " +
  'FROM tok LEFT JOIN page ON true GROUP BY tok.id, tok.name)';
const TAIL = 'SELECT (SELECT count(*) FROM tok)::int AS live, page.* FROM (SELECT 1) one LEFT JOIN page ON true ORDER BY page.user_id';
const AUDITED_SQL = 'WITH ' + TOK + ', page AS (SELECT p.* FROM (' + process.env.SQL + ') p WHERE EXISTS (SELECT 1 FROM tok)), ' +
  AUDIT + ' ' + TAIL;
const VIEWS_SQL = 'WITH ' + TOK + ', page AS (SELECT p.user_id, v.view::text AS view FROM (' + process.env.SQL + ') p ' +
  'LEFT JOIN application_api_views v ON v.user_id = p.user_id WHERE EXISTS (SELECT 1 FROM tok)), ' + AUDIT + ' ' + TAIL;
const HEAD = Buffer.from('{"data":['), COMMA = Buffer.from(','), END = Buffer.from('],"next_cursor":null}');
http.createServer((req, res) => {
  const url = new URL(req.url, 'http://floor');
  const q = url.searchParams;
  const since = q.get('since') || new Date().toISOString();
  const page = () => pool.query(process.env.SQL, [since, q.get('after') || null]);
  const audited = (sql) => pool.query(sql, [since, q.get('after') || null, process.env.TOKEN_HASH, new Date(),
    JSON.stringify({ updated_since: since, call: 'list-applications' })]).then((r) => {
    if (r.rows[0].live !== 1) throw new Error('no token');
    return { rows: r.rows.filter((row) => row.user_id !== null) };
  });
  if (url.pathname === '/views') {
    // The page's stored views, spliced into the answer as stored (as the product's listAnswer does).
    audited(VIEWS_SQL).then((r) => {
      const parts = [HEAD];
      r.rows.slice(0, ${LIMIT}).forEach((row, i) => {
        if (row.view === null) throw new Error('a view not stored');
        if (i > 0) parts.push(COMMA);
        parts.push(Buffer.from(row.view));
      });
      parts.push(END);
      res.setHeader('content-type', 'application/json');
      res.end(Buffer.concat(parts));
    }).catch((e) => { res.statusCode = 500; res.end(String(e)); });
    return;
  }
  const answer = url.pathname === '/audited' ? audited(AUDITED_SQL) : page();
  answer.then(
    (r) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ data: r.rows.slice(0, ${LIMIT}) })); },
    (e) => { res.statusCode = 500; res.end(String(e)); });
}).listen(Number(process.env.PORT), '127.0.0.1');`;

/** How a plan reads the applications table (its scans of that table), from EXPLAIN (FORMAT JSON). */
function indexesOf(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Relation Name'] === 'applications')
      out.push(`${node['Node Type']}${typeof node['Index Name'] === 'string' ? ` ${node['Index Name']}` : ''}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as [{ Plan: Record<string, unknown> }])[0].Plan);
  return out;
}

const scratch = await scratchDatabase('api_v1');
const opened: {
  seed?: ReturnType<typeof createPostgresDb>;
  bare?: pg.Pool;
  http?: Pool;
  floors: { process: ChildProcess; http: Pool }[];
  server?: ChildProcess;
} = { floors: [] };

try {
  console.log(`api-v1 bench: ${new Date().toISOString()}, load ${load()}`);
  const config = scratchConfig(scratch, { SECRET_KEY, LOG_LEVEL: 'silent' });
  const ctx = createFormContext(config.tenant);
  const seed = (opened.seed = createPostgresDb({ connectionString: scratch.url, max: 4, statementTimeoutMs: 900_000 }));

  const t0 = performance.now();
  await seedApplications(
    seed,
    APPLICATIONS,
    config.tenant.programs.map((p) => p.code),
    config.tenant.decisions.codes[0]!.code,
    keptBasisOf(config.tenant),
  );
  const seedSeconds = (performance.now() - t0) / 1000;
  const { rows: counted } = await seed.query<{ n: number; decisions: number; ids: number }>(
    `SELECT (SELECT count(*) FROM applications)::int AS n, (SELECT count(*) FROM decisions)::int AS decisions,
       (SELECT count(*) FROM application_external_ids)::int AS ids`,
  );
  console.log(
    `seeded ${counted[0]!.n.toLocaleString('en-US')} applications (${counted[0]!.decisions.toLocaleString('en-US')} ` +
      `released decisions, ${counted[0]!.ids.toLocaleString('en-US')} Banner IDs) in ${seedSeconds.toFixed(1)} s`,
  );

  // The stored views (decision 069), written by the product's refresher as a running server's periodic job writes
  // them after each change, here in larger passes so the run does not wait for the job's 5-second ticks.
  const t1 = performance.now();
  const sweep = { otherBasisLeft: true };
  let written = 0;
  for (
    let n = -1;
    n !== 0;
    written += n = await refreshApiViews({ db: seed, clock: { now: () => new Date() }, config }, ctx, sweep, 1000)
  );
  console.log(
    `the refresher wrote ${written.toLocaleString('en-US')} stored views in ${((performance.now() - t1) / 1000).toFixed(1)} s ` +
      `(${Math.round(written / ((performance.now() - t1) / 1000)).toLocaleString('en-US')} a second, one core)`,
  );

  // The office's index (decision 051) caught up as well, as on any running server: otherwise the server's own job
  // would spend the timed rounds indexing 200,000 applications beside the calls.
  const t2 = performance.now();
  let indexed = 0;
  for (
    let n = -1;
    n !== 0;
    indexed += n = await refreshConsoleIndex({ db: seed, clock: { now: () => new Date() }, config }, ctx)
  );
  console.log(
    `the office's index read ${indexed.toLocaleString('en-US')} history rows in ${((performance.now() - t2) / 1000).toFixed(1)} s`,
  );

  const token = await createApiToken(
    seed,
    SECRET_KEY,
    { name: 'Bench sync', scopes: ['applications:read'], programs: null, expiresAt: null },
    'bench',
    new Date(),
  );

  // --- The server in its own process, as `npm start` runs it, on the scratch database.
  const port = await freePort();
  const dataDir = scratch.dataDir;
  // What `npm start` runs: the server's bundle, built now from the sources (not the sources through tsx, whose loader
  // and helpers the product does not run with).
  execFileSync('npm', ['run', 'build', '-w', '@admissions/server'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      '--enable-source-maps',
      'apps/server/dist/server.js',
    ],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        SECRET_KEY,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'none'),
        // The run's calls are one token's: its rate limit (600 a minute by default) must not be what is measured.
        API_TOKEN_RATE_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  opened.server = child;
  await waitForServer(child, port, 300);
  // Whatever the server's start changed (none expected) is written again by its own job before the run is timed.
  for (let waited = 0; ; waited++) {
    const { rows } = await seed.query<{ stale: number }>(
      'SELECT count(*)::int AS stale FROM applications WHERE api_view_stale',
    );
    if (rows[0]!.stale === 0) break;
    if (waited > 600) throw new Error(`${rows[0]!.stale} views still to be written after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // The seed and the refresher write enough WAL to start checkpoints (max_wal_size), each spreading its writes over the
  // next seconds (checkpoint_completion_target): one was still writing during a run's rounds (2026-12-01), beside the
  // calls that write (the API's and the floors' audit rows) but not the bare SELECT, which writes nothing. A checkpoint
  // now, done at once, leaves the rounds only the WAL of their own calls. (A role without pg_checkpoint runs without.)
  await seed
    .query('CHECKPOINT')
    .catch((err: Error) => console.log(`no checkpoint before the rounds (${err.message}): one may still be writing`));
  // And its background start done (its workers a second after it listens, the lookups' indexes built in slices a
  // second later): until then it shares its core with that work, and the first rounds timed it, not the calls.
  const settling = performance.now();
  await waitUntilSettled(child.pid!);
  console.log(
    `the server settled ${((performance.now() - settling) / 1000).toFixed(1)} s after its views were current`,
  );
  const http = (opened.http = new Pool(`http://127.0.0.1:${port}`, { connections: 4 }));
  const bare = (opened.bare = new pg.Pool({ connectionString: scratch.url, max: POOL_SIZE }));
  bare.on('error', () => {});
  const headers = { authorization: `Bearer ${token.secret}` };
  // The floors: bare node:http servers answering the bare SELECT's page as JSON (/), with the token and the audit row
  // (/audited), and with the stored views (/views). Each in a process of its own, called one call in five as the API's
  // server is: a process called more often is warmer, and until 2026-12-01 the three shared one process, called three
  // calls in five.
  const startFloor = async () => {
    const floorPort = await freePort();
    const floorProcess = spawn(process.execPath, ['-e', FLOOR_SERVER], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(floorPort),
        DATABASE_URL: scratch.url,
        POOL_SIZE: String(POOL_SIZE),
        SQL: BARE_SQL,
        TOKEN_HASH: hashTokenSecret(SECRET_KEY, token.secret),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const floor = { process: floorProcess, http: new Pool(`http://127.0.0.1:${floorPort}`, { connections: 4 }) };
    opened.floors.push(floor);
    await waitForServer(floorProcess, floorPort);
    return floor;
  };
  const floors = { '': await startFloor(), audited: await startFloor(), views: await startFloor() };
  const callFloor = async (page: Pick<Page, 'since' | 'after'>, kind: '' | 'audited' | 'views' = '') => {
    const query = new URLSearchParams({ since: page.since, ...(page.after ? { after: page.after } : {}) });
    const res = await floors[kind].http.request({ path: `/${kind}?${query}`, method: 'GET' });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`the HTTP floor answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return text;
  };

  const callApi = async (pagePath: string): Promise<string> => {
    const res = await http.request({ path: pagePath, method: 'GET', headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`GET ${pagePath} answered ${res.statusCode}: ${text.slice(0, 300)}`);
    return text;
  };
  const bareSelect = (page: Pick<Page, 'since' | 'after'>) => bare.query(BARE_SQL, [page.since, page.after]);

  // --- The pages, walked once through the API (their cursors are its own); each checked against the floor's rows.
  const now = Date.now();
  const pages: Page[] = [];
  const sizes: number[] = [];
  for (const days of SINCE_DAYS) {
    const since = new Date(now - days * 86_400_000).toISOString();
    let cursor: string | null = null;
    let after: string | null = null;
    for (let p = 0; p < PAGES; p++) {
      const query = new URLSearchParams({ updated_since: since, limit: String(LIMIT) });
      if (cursor) query.set('cursor', cursor);
      const pagePath = `/api/v1/applications?${query}`;
      const text = await callApi(pagePath);
      sizes.push(Buffer.byteLength(text));
      const body = JSON.parse(text) as ApiV1ApplicationList;
      const ids = body.data.map((a) => a.id);
      const floor = (await bareSelect({ since, after })).rows
        .slice(0, LIMIT)
        .map((r: { user_id: string }) => r.user_id);
      if (ids.join() !== floor.join())
        throw new Error(
          `${days} d, page ${p + 1}: the API's ${ids.length} rows are not the bare SELECT's ${floor.length}`,
        );
      pages.push({ label: `${days} d p${p + 1}`, since, after, path: pagePath, ids });
      if (!body.next_cursor) break;
      cursor = body.next_cursor;
      after = ids.at(-1)!;
    }
  }
  const { rows: matching } = await seed.query<{ days: number; n: number }>(
    `SELECT d AS days, (SELECT count(*) FROM applications WHERE api_updated_at >= $2::timestamptz - d * interval '1 day')::int AS n
     FROM unnest($1::int[]) d`,
    [SINCE_DAYS, new Date(now)],
  );
  console.log(
    `${pages.length} pages of ${LIMIT}: the first ${PAGES} of updated_since ${matching
      .map((m) => `${m.days} d (${m.n.toLocaleString('en-US')} match)`)
      .join(', ')}; each page's ids checked equal to the bare SELECT's; the API's answer ` +
      `${(median(sizes) / 1024).toFixed(0)} KB (median)`,
  );

  // The plans: the product's statement (applicationsPage, EXPLAINed) and the floor's, for the first and a later page.
  const explain = (db: Queryable): Queryable => ({
    query: ((text: string, params?: readonly unknown[]) =>
      db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params)) as Queryable['query'],
  });
  /** The statement's own time in the database and the buffers it touched, from EXPLAIN (ANALYZE, BUFFERS). */
  const costOf = (plan: unknown) => {
    const [top] = plan as [{ Plan: Record<string, number>; 'Execution Time': number }];
    return `${top['Execution Time'].toFixed(2)} ms, ${top.Plan['Shared Hit Blocks']! + top.Plan['Shared Read Blocks']!} buffers`;
  };
  for (const days of SINCE_DAYS) {
    const page = pages.find((p) => p.label === `${days} d p2`) ?? pages.find((p) => p.label === `${days} d p1`)!;
    const product = await applicationsPage(
      explain(seed),
      { filters: { updated_since: page.since }, programs: null, after: page.after, limit: LIMIT },
      viewCheckOf({ config }, new Date()),
      apiCallAuditRow(
        { tokenId: token.id, name: token.name, scopes: token.scopes, programs: null },
        'list-applications',
        null,
        { updated_since: page.since, limit: LIMIT },
        new Date(),
      ),
      { tokenId: token.id, now: new Date() },
    );
    const floor = await seed.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${BARE_SQL}`, [page.since, page.after]);
    const productPlan = (product.rows[0] as unknown as Record<string, unknown>)['QUERY PLAN'];
    const floorPlan = (floor.rows[0] as Record<string, unknown>)['QUERY PLAN'];
    const a = indexesOf(productPlan).join(' + ');
    const b = indexesOf(floorPlan).join(' + ');
    console.log(
      `  plan, ${page.label}: API ${a} (${costOf(productPlan)}); bare ${b} (${costOf(floorPlan)})${a === b ? '' : '  (DIFFERENT)'}`,
    );
  }

  // --- Warm-up of both sides: the server's JIT and statements, the floor's connections.
  for (let i = 0; i < 2; i++)
    for (const page of pages) {
      await callApi(page.path);
      await bareSelect(page);
      await callFloor(page);
      await callFloor(page, 'audited');
      await callFloor(page, 'views');
    }

  type Round = { api: number[]; bare: number[]; floor: number[]; audited: number[]; views: number[] };
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const random = mulberry32(45 + r);
    const order = [...pages];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const round: Round = { api: [], bare: [], floor: [], audited: [], views: [] };
    for (const [i, page] of order.entries()) {
      const sides: Record<keyof Round, () => Promise<unknown>> = {
        api: () => callApi(page.path),
        bare: () => bareSelect(page),
        floor: () => callFloor(page),
        audited: () => callFloor(page, 'audited'),
        views: () => callFloor(page, 'views'),
      };
      const names = Object.keys(sides) as (keyof Round)[];
      // Each side first in turn, page by page.
      for (let k = 0; k < names.length; k++) {
        const side = names[(i + r + k) % names.length]!;
        const s = performance.now();
        await sides[side]();
        round[side].push(performance.now() - s);
      }
    }
    rounds.push(round);
    console.log(
      `round ${r + 1}: bare SELECT p50 ${ms(percentile(round.bare, 0.5))} p95 ${ms(percentile(round.bare, 0.95))}; ` +
        `HTTP floor p50 ${ms(percentile(round.floor, 0.5))} p95 ${ms(percentile(round.floor, 0.95))}; ` +
        `audited floor p50 ${ms(percentile(round.audited, 0.5))} p95 ${ms(percentile(round.audited, 0.95))}; ` +
        `views floor p50 ${ms(percentile(round.views, 0.5))} p95 ${ms(percentile(round.views, 0.95))}; ` +
        `API p50 ${ms(percentile(round.api, 0.5))} p95 ${ms(percentile(round.api, 0.95))}; ` +
        `p95 ratio ${(percentile(round.api, 0.95) / percentile(round.bare, 0.95)).toFixed(2)}x; load ${load()}`,
    );
  }

  // --- The CPU a call costs each side, in its server's process, in PostgreSQL (all its processes: the backends and
  // their WAL writer) and in this process: each side alone, two passes over the pages, one call at a time. On two
  // cores a call's time is also its share of the other processes' CPU.
  const cpuSides: [string, ChildProcess | undefined, (page: Page) => Promise<unknown>][] = [
    ['bare SELECT', undefined, (page) => bareSelect(page)],
    ['views floor', floors.views.process, (page) => callFloor(page, 'views')],
    ['API', child, (page) => callApi(page.path)],
  ];
  const cpuLines: string[] = [];
  // What the server and PostgreSQL spend with no call at all (its jobs' ticks, its refreshers), to tell from a call's.
  {
    const idleMs = 3000;
    const before = cpuSnapshot(child.pid);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const spent = spentBetween(before, cpuSnapshot(child.pid));
    cpuLines.push(
      `  no call      ${((spent.server * 1000) / idleMs).toFixed(0).padStart(5)} ms a second in the ` +
        `server, ${((spent.postgres * 1000) / idleMs).toFixed(0)} ms a second in PostgreSQL`,
    );
  }
  for (const [name, process_, call] of cpuSides) {
    const before = cpuSnapshot(process_?.pid);
    for (let pass = 0; pass < 2; pass++) for (const page of pages) await call(page);
    const cost = cpuPerOp(before, cpuSnapshot(process_?.pid), 2 * pages.length);
    const perCall = (key: keyof typeof cost) => cost[key].toFixed(0).padStart(5);
    cpuLines.push(
      `  ${name.padEnd(12)} ${process_ ? `${perCall('server')} µs in its server, ` : ''}${perCall('postgres')} µs in ` +
        `PostgreSQL, ${perCall('bench')} µs in this process`,
    );
  }

  // --- Where the API's time goes: each part of the call on its own, in this process, on the same pages.
  const deps = { db: seed, clock: { now: () => new Date() }, config };
  const hash = hashTokenSecret(SECRET_KEY, token.secret);
  const caller = { tokenId: token.id, name: token.name, scopes: token.scopes, programs: null };
  const parts: Record<string, number[]> = {
    'token read (findLiveToken: a call the page does not check itself)': [],
    'page with its token check, stored views and audit row (applicationsPage)': [],
    'the answers from the views (applicationTexts)': [],
    'the answer as bytes (listAnswer)': [],
    'for comparison: deriving the page (deriveViews)': [],
  };
  const timed = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const s = performance.now();
    const out = await fn();
    parts[name]!.push(performance.now() - s);
    return out;
  };
  for (let pass = 0; pass < 3; pass++)
    for (const page of pages) {
      await timed('token read (findLiveToken: a call the page does not check itself)', () =>
        findLiveToken(seed, hash, new Date()),
      );
      const { rows, tokenLive } = await timed(
        'page with its token check, stored views and audit row (applicationsPage)',
        () =>
          applicationsPage(
            seed,
            { filters: { updated_since: page.since }, programs: null, after: page.after, limit: LIMIT },
            viewCheckOf({ config }, new Date()),
            apiCallAuditRow(caller, 'list-applications', null, { updated_since: page.since, limit: LIMIT }, new Date()),
            { tokenId: token.id, now: new Date() },
          ),
      );
      const pageRows = rows.slice(0, LIMIT);
      if (!tokenLive) throw new Error(`${page.label}: the page's statement found the token not live`);
      if (pageRows.some((r) => r.view === null)) throw new Error(`${page.label}: a stored view was not current`);
      const texts = await timed('the answers from the views (applicationTexts)', () =>
        applicationTexts(deps, ctx, pageRows, false),
      );
      // A response that never finishes: each answer a buffer of its own, as the first calls of a server make them.
      await timed('the answer as bytes (listAnswer)', () => listAnswer(texts, null, { once: () => undefined }));
      await timed('for comparison: deriving the page (deriveViews)', async () =>
        deriveViews(
          deps,
          ctx,
          await rowsToDerive(
            seed,
            pageRows.map((r) => r.id),
          ),
          seed,
        ),
      );
    }
  const apiP95s = rounds.map((r) => percentile(r.api, 0.95));
  const bareP95s = rounds.map((r) => percentile(r.bare, 0.95));
  const ratios = rounds.map((r) => percentile(r.api, 0.95) / percentile(r.bare, 0.95));
  const ratio = median(ratios);
  const all = (side: keyof Round) => rounds.flatMap((r) => r[side]);
  console.log(
    `\nGET /api/v1/applications?updated_since=…&limit=${LIMIT} over ${counted[0]!.n.toLocaleString('en-US')} applications, ` +
      `${pages.length} pages × ${ROUNDS} rounds a side, one call at a time; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.versions.node}, load ${load()}`,
  );
  console.log(
    `  bare indexed SELECT of the page (pg pool, no HTTP)   p50 ${ms(percentile(all('bare'), 0.5))}   p95 ${ms(percentile(all('bare'), 0.95))}   (median of the rounds' p95 ${ms(median(bareP95s))})`,
  );
  console.log(
    `  HTTP floor: node:http + the bare SELECT, as JSON      p50 ${ms(percentile(all('floor'), 0.5))}   p95 ${ms(percentile(all('floor'), 0.95))}   (median of the rounds' p95 ${ms(median(rounds.map((r) => percentile(r.floor, 0.95))))})`,
  );
  console.log(
    `  GET /api/v1/applications (server process, HTTP)      p50 ${ms(percentile(all('api'), 0.5))}   p95 ${ms(percentile(all('api'), 0.95))}   (median of the rounds' p95 ${ms(median(apiP95s))})`,
  );
  console.log(
    `  p95 ratio, median of the rounds: ${ratio.toFixed(2)}x (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  console.log(
    `  audited floor: token + page + audit row, as JSON   p50 ${ms(percentile(all('audited'), 0.5))}   p95 ${ms(percentile(all('audited'), 0.95))}   (median of the rounds' p95 ${ms(median(rounds.map((r) => percentile(r.audited, 0.95))))})`,
  );
  const auditedRatios = rounds.map((r) => percentile(r.audited, 0.95) / percentile(r.bare, 0.95));
  const apiAuditedRatios = rounds.map((r) => percentile(r.api, 0.95) / percentile(r.audited, 0.95));
  console.log(
    `  audited floor p95 / bare p95: ${median(auditedRatios).toFixed(2)}x (rounds ${auditedRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
      `API p95 / audited floor p95: ${median(apiAuditedRatios).toFixed(2)}x (rounds ${apiAuditedRatios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  console.log(
    `  views floor: token + the page's stored views + audit row, spliced   p50 ${ms(percentile(all('views'), 0.5))}   p95 ${ms(percentile(all('views'), 0.95))}   (median of the rounds' p95 ${ms(median(rounds.map((r) => percentile(r.views, 0.95))))})`,
  );
  const viewsRatios = rounds.map((r) => percentile(r.views, 0.95) / percentile(r.bare, 0.95));
  const apiViewsRatios = rounds.map((r) => percentile(r.api, 0.95) / percentile(r.views, 0.95));
  const viewsRatio = median(viewsRatios);
  console.log(
    `  views floor p95 / bare p95: ${viewsRatio.toFixed(2)}x (rounds ${viewsRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
      `API p95 / views floor p95: ${median(apiViewsRatios).toFixed(2)}x (rounds ${apiViewsRatios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  const floorRatios = rounds.map((r) => percentile(r.floor, 0.95) / percentile(r.bare, 0.95));
  const apiFloorRatios = rounds.map((r) => percentile(r.api, 0.95) / percentile(r.floor, 0.95));
  console.log(
    `  HTTP floor p95 / bare p95: ${median(floorRatios).toFixed(2)}x (rounds ${floorRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
      `API p95 / HTTP floor p95: ${median(apiFloorRatios).toFixed(2)}x (rounds ${apiFloorRatios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  console.log(`\nCPU a call, each side alone over the pages twice (10 ms ticks, all PostgreSQL's processes):`);
  for (const line of cpuLines) console.log(line);
  console.log(`\nthe parts of the call, each timed alone in this process over the same pages (p50 / p95):`);
  for (const [name, values] of Object.entries(parts))
    console.log(`  ${name.padEnd(52)} ${ms(percentile(values, 0.5)).padStart(9)} / ${ms(percentile(values, 0.95))}`);
  console.log('\nGOAL');
  console.log(
    `  p95 of the API at most ${GOAL}x the bare SELECT's: ${ratio.toFixed(2)}x: ` +
      `${ratio <= GOAL ? 'met' : `NOT met (${((ratio / GOAL - 1) * 100).toFixed(0)}% over)`}`,
  );
  console.log(
    `  the views floor (the least an authenticated, audited answer of the API's own content costs): ` +
      `${viewsRatio.toFixed(2)}x the bare SELECT's p95: ${viewsRatio > GOAL ? `the goal is out of its reach` : 'within the goal'}`,
  );
} finally {
  await opened.http?.close();
  for (const floor of opened.floors) await floor.http.close();
  await opened.bare?.end();

  // The servers hold their connections to the database until they have exited: only then can the database go.
  for (const child of [opened.server, ...opened.floors.map((floor) => floor.process)])
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  await opened.seed?.close();
  await scratch.drop();
}
