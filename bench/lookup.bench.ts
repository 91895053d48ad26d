/**
 * Lookup latency over the full directory data (GET /lookup/find).
 *
 * The server runs as its own process (the same entry point as `npm start`),
 * with LOOKUP_DATA_DIR on the shared data. 50 clients type realistic
 * searches at once (prefixes of real college and high-school names, two-word
 * queries, aliases, ZIP codes and cities), each call as its own IP behind a
 * trusted proxy, so the per-IP limit counts but never refuses. In the same
 * run, and in turns with the HTTP rounds, it measures two baselines: the
 * same queries against the bare in-memory index, in this process, without
 * HTTP; and the floor of the HTTP stack itself, the smallest public JSON call
 * (GET /public/tenant) from the same 50 clients; and below that, a bare
 * `node:http` server in its own process answering a constant JSON body to the
 * same clients: the least any HTTP call costs on this machine.
 * It also reports the index's build time and memory, and the longest pause
 * of the event loop while it is built (against the same indexes built at once). It prints figures and
 * ratios, never pass/fail.
 *
 *   npm run bench:lookup      (BENCH_LOOKUP_DATA_DIR overrides ../shared/data/lookups)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { LOOKUP_MAX_RESULTS, type LookupCategory } from '@admissions/domain';
import { createLookupService } from '../apps/server/src/features/lookup/lookup-service';
import { loadSchoolDirectories } from '../apps/server/src/features/lookup/school-directory';
import { SearchIndex } from '../apps/server/src/features/lookup/search-index';
import { watchPauses } from './event-loop-pauses';
import { waitForServer } from './wait-for-server';

const DATA_DIR = path.resolve(
  process.env.BENCH_LOOKUP_DATA_DIR ?? path.join(import.meta.dirname, '../../shared/data/lookups'),
);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = await freePort();
const BARE_PORT = await freePort();
/** The least an HTTP answer can be: no framework, no routing, a constant body (what a lookup answer looks like). */
const BARE_SERVER = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('[{"id":"1","text":"x","sub_text":"y"}]'); }).listen(${BARE_PORT}, '127.0.0.1')`;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:lookup does)');

// --- Index build time and memory, measured here the way the server builds it at start.
gc();
const heapBefore = process.memoryUsage();
const silent = { info: () => {}, warn: (m: string) => console.warn(m) };
const buildStarted = performance.now();
const zipPauses = watchPauses();
const { createZipCodeProvider } = await import('../apps/server/src/features/lookup/zip-code-provider');
const zipCodes = createZipCodeProvider();
// The server builds the ZIP index just after it starts listening (server.ts); build it here before timing queries.
await zipCodes.warm();
const zipMs = performance.now() - buildStarted;
const zipPause = zipPauses.stop();
const lookups = createLookupService(DATA_DIR, silent, zipCodes);
// The server builds the school indexes just after it starts listening too (server.ts calls warm()).
const schoolPauses = watchPauses();
const stats = await lookups.warm();
const schoolPause = schoolPauses.stop();
gc();
const heapAfter = process.memoryUsage();
const indexMb = (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1e6;

// The baseline for the pauses: the same school indexes built at once, as every build was before they were built in slices.
const directories = await loadSchoolDirectories(DATA_DIR);
const atOnce = watchPauses();
SearchIndex.of(directories.entries.college_ceeb);
SearchIndex.of(directories.entries.hs_ceeb);
const atOncePause = atOnce.stop();

// --- Queries as applicants type them, drawn from the data itself with a fixed seed.
const queries = makeQueries(4000);

const bare = async () => {
  const latencies: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const q = queries[i % queries.length]!;
    const t0 = performance.now();
    await lookups.find(q.category, q.text, LOOKUP_MAX_RESULTS);
    latencies.push(performance.now() - t0);
  }
  return latencies;
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'ap-bench-lookup-'));
let server: ChildProcess | undefined;
let bareServer: ChildProcess | undefined;
const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: CLIENTS });
const barePool = new Pool(`http://127.0.0.1:${BARE_PORT}`, { connections: CLIENTS });
try {
  server = await startServer();
  // A search answers an empty list until the server has built its indexes; a get by id waits for them.
  const built = await pool.request({ path: '/lookup/find?id=166027&category=college_ceeb', method: 'GET' });
  await built.body.dump();
  if (built.statusCode !== 200) throw new Error(`the server's school index answered ${built.statusCode}`);
  bareServer = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: 'inherit' });
  await waitForServer(bareServer, BARE_PORT);
  let ip = 0;
  /** 50 clients calling `pathOf(i)` as fast as they go. */
  const http = async (pathOf: (i: number) => string = lookupPath, target = pool) => {
    const latencies: number[] = [];
    let next = 0;
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < CALLS) {
          const path = pathOf(next++);
          const forwarded = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;
          const t0 = performance.now();
          try {
            const res = await target.request({ path, method: 'GET', headers: { 'x-forwarded-for': forwarded } });
            await res.body.dump();
            if (res.statusCode === 200) latencies.push(performance.now() - t0);
            else if (errors++ === 0) console.warn(`first failure: status ${res.statusCode}`);
          } catch (err) {
            if (errors++ === 0) console.warn(`first failure: ${(err as Error).message}`);
          }
        }
      }),
    );
    return { latencies, errors, perSecond: latencies.length / ((performance.now() - started) / 1000) };
  };

  // The floor of any call through this HTTP stack: the smallest public JSON answer, same clients, same headers.
  const floor = () => http(() => '/public/tenant');
  const bareHttp = () => http(() => '/', barePool);

  // Warm-up on every side: JIT, connections.
  await bare();
  await http();
  await floor();
  await bareHttp();

  type Round = Awaited<ReturnType<typeof http>>;
  const rounds: { bare: number[]; http: Round; floor: Round; bareHttp: Round }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push({ bare: await bare(), http: await http(), floor: await floor(), bareHttp: await bareHttp() });
  }
  const ratios = rounds.map((r) => pct(r.http.latencies, 0.95) / pct(r.bare, 0.95));
  const floorRatios = rounds.map((r) => pct(r.http.latencies, 0.95) / pct(r.floor.latencies, 0.95));
  const bareHttpRatios = rounds.map((r) => pct(r.bareHttp.latencies, 0.95) / pct(r.bare, 0.95));
  const middle = rounds[floorRatios.indexOf(median(floorRatios))]!;

  const serverRss = rssMb(server.pid!);
  console.log(
    `\nGET /lookup/find over ${stats.entries.college_ceeb} colleges, ${stats.entries.hs_ceeb} high schools and the ZIP codes;`,
  );
  console.log(
    `${queries.length} distinct queries, ${CLIENTS} clients, ${CALLS} calls a round, ${ROUNDS} rounds; the median round:\n`,
  );
  const row = (name: string, l: number[], extra = '') =>
    `${name.padEnd(34)} p50 ${pct(l, 0.5).toFixed(3).padStart(7)} ms  p95 ${pct(l, 0.95).toFixed(3).padStart(7)} ms  p99 ${pct(
      l,
      0.99,
    )
      .toFixed(3)
      .padStart(7)} ms${extra}`;
  console.log(row('bare index query (no HTTP)', middle.bare));
  console.log(
    row(
      `bare node:http, constant JSON`,
      middle.bareHttp.latencies,
      `  ${middle.bareHttp.perSecond.toFixed(0)}/s  errors ${middle.bareHttp.errors}`,
    ),
  );
  console.log(
    row(
      `HTTP floor: GET /public/tenant`,
      middle.floor.latencies,
      `  ${middle.floor.perSecond.toFixed(0)}/s  errors ${middle.floor.errors}`,
    ),
  );
  console.log(
    row(
      `HTTP lookup, ${CLIENTS} clients`,
      middle.http.latencies,
      `  ${middle.http.perSecond.toFixed(0)}/s  errors ${middle.http.errors}`,
    ),
  );
  console.log(`\nHTTP p95 / bare p95 by round: ${ratios.map((r) => r.toFixed(1)).join(', ')}   (goal <= 3)`);
  console.log(`HTTP lookup p95 / HTTP floor p95 by round: ${floorRatios.map((r) => r.toFixed(2)).join(', ')}`);
  console.log(
    `bare node:http p95 / bare query p95 by round: ${bareHttpRatios.map((r) => r.toFixed(1)).join(', ')}   (what the HTTP hop alone costs)`,
  );
  console.log(`HTTP p95: ${pct(middle.http.latencies, 0.95).toFixed(2)} ms   (goal <= 20 ms)`);
  console.log(
    `build, just after start: ZIP codes (load + index) ${zipMs.toFixed(0)} ms, school CSVs (read + index) ${stats.buildMs} ms; ` +
      `memory it keeps (ZIP data and all indexes): ${indexMb.toFixed(0)} MB; server RSS after the run: ${serverRss} MB`,
  );
  console.log(
    `longest event-loop pause while the server builds (in slices): school CSVs + indexes ${schoolPause.toFixed(0)} ms, ` +
      `ZIP codes (a thread loads the package) ${zipPause.toFixed(0)} ms; the school indexes built at once: ${atOncePause.toFixed(0)} ms; ` +
      `school ratio ${(schoolPause / atOncePause).toFixed(2)}\n`,
  );
} finally {
  await pool.close();
  await barePool.close();
  bareServer?.kill('SIGTERM');
  // The server writes its database until it has exited: only then can its folder go.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}

function lookupPath(i: number): string {
  const q = queries[i % queries.length]!;
  return `/lookup/find?${new URLSearchParams({ text: q.text, category: q.category, max_results: String(LOOKUP_MAX_RESULTS) })}`;
}

interface Query {
  category: LookupCategory;
  text: string;
}

/** Prefixes of names (whole first words, part of a later word, two words), aliases, ZIP codes and cities. */
function makeQueries(count: number): Query[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const column = (file: string, name: string) => {
    const [header, ...lines] = readFileSync(path.join(DATA_DIR, file), 'utf8').trim().split('\n');
    const at = header!.split(',').indexOf(name);
    // The names column is never quoted before it in these files' first columns; rows with quotes are skipped.
    return lines
      .filter((l) => !l.includes('"'))
      .map((l) => l.split(',')[at]!)
      .filter(Boolean);
  };
  const colleges = column('colleges.csv', 'name');
  const highSchools = column('high-schools.csv', 'name');
  const cities = column('high-schools.csv', 'city');
  const zips = column('high-schools.csv', 'zip');
  const prefix = (name: string) => {
    const words = name.split(/[\s-]+/).filter((w) => w.length > 2);
    const word = pick(words.length ? words : [name]);
    const first = word.slice(0, 3 + Math.floor(random() * 5));
    if (words.length > 1 && random() < 0.3) {
      const other = pick(words.filter((w) => w !== word).concat(word));
      return `${first} ${other.slice(0, 2 + Math.floor(random() * 3))}`;
    }
    return first;
  };
  const out: Query[] = [];
  while (out.length < count) {
    const r = random();
    if (r < 0.45) out.push({ category: 'college_ceeb', text: prefix(pick(colleges)) });
    else if (r < 0.5)
      out.push({ category: 'college_ceeb', text: pick(['MIT', 'UCLA', 'UAB', 'NYU', 'USC', 'CUNY', 'SUNY']) });
    else if (r < 0.75) out.push({ category: 'hs_ceeb', text: prefix(pick(highSchools)) });
    else if (r < 0.9) out.push({ category: 'address', text: pick(zips).slice(0, 3 + Math.floor(random() * 3)) });
    else out.push({ category: 'address', text: prefix(pick(cities)) });
  }
  return out;
}

function pct(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
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

/** The server as `npm start` runs it, with the lookup data, once it answers. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'none'),
      LOOKUP_DATA_DIR: DATA_DIR,
      // Each benchmark call comes as its own client address, as many applicants would.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return waitForServer(child, PORT, 150);
}
