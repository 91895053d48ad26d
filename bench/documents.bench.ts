/**
 * Document conversion benchmark (issue #8), in one run on this machine:
 *
 *  1. one docx through our pipeline (inspection on a worker thread, then
 *     LibreOffice in a fresh locked-down profile, no network, limits) against
 *     bare `soffice --headless --convert-to pdf` on the same file, taking turns;
 *  2. one photo (3000 x 2000 JPEG) to PDF on the conversion thread;
 *  3. conversion throughput on two cores, one and two conversions at a time;
 *  4. answer-save p99 at a fixed rate while the real server converts docx
 *     uploads, against the same rate without conversions.
 *
 * It prints figures and ratios, never pass/fail.   npm run bench:documents
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { documentConversionPath, isDocumentWaiting, PRESIGNED_URL_PATH, SESSION_COOKIE } from '@admissions/domain';
import { startSession } from '../apps/server/src/session/session-store';
import { convertDocument } from '../apps/server/src/features/documents/convert/convert-document';
import { createConverterThread } from '../apps/server/src/features/documents/convert/converter-thread';
import { makeDocx } from '../apps/server/src/features/documents/test-files';
import { migrate } from '../apps/server/src/infra/db/migrate';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { closeConnections, fixedRate, request, type LatencyStats } from './load';
import { waitForServer } from './wait-for-server';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TURNS = Number(process.env.BENCH_TURNS ?? 5);
const THROUGHPUT_DOCS = Number(process.env.BENCH_DOCS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 15);
const PORT = 3990 + Math.floor(Math.random() * 9);
const soffice = { sofficePath: 'soffice', timeoutMs: 60_000, memoryMb: 1536 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

// A two-page research description: headings and 120 paragraphs of text.
const docx = makeDocx(
  Array.from({ length: 120 }, (_, i) =>
    i % 20 === 0
      ? `Section ${i / 20 + 1}`
      : `Paragraph ${i}: the final project studies patient outcomes across several wards over two years.`,
  ),
);
const work = await mkdtemp(path.join(tmpdir(), 'ap-docbench-'));
const thread = createConverterThread({ timeoutMs: 60_000 });

/** Bare LibreOffice as one would run it by hand: its own (kept, warm) profile, nothing else. */
const bareProfile = pathToFileURL(path.join(work, 'bare-profile')).href;
const bareInput = path.join(work, 'bare.docx');
await writeFile(bareInput, docx);
/** Bare `soffice --convert-to pdf` of the same file with the given profile, as an operator would run it. */
const bareWith = (profile: string) =>
  new Promise<void>((resolve, reject) => {
    const args = [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      path.join(work, 'bare-out'),
      bareInput,
    ];
    const child = spawn('soffice', args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`soffice exited ${code}`))));
  });
const bare = () => bareWith(bareProfile);
/** Bare LibreOffice with a new, empty profile each time, as every conversion of ours starts fresh. */
let freshRuns = 0;
const bareFresh = () => bareWith(pathToFileURL(path.join(work, `fresh-profile-${freshRuns++}`)).href);
const ours = () => convertDocument('docx', docx, thread, soffice);

let server: ChildProcess | undefined;
const dbName = `ap_docbench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
let adminConnected = false;
try {
  // 1. One docx, ours against bare, taking turns after a warm-up of each.
  await bare();
  await ours();
  const bareMs: number[] = [];
  const freshMs: number[] = [];
  const oursMs: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    bareMs.push(await time(bare));
    freshMs.push(await time(bareFresh));
    oursMs.push(await time(ours));
  }
  const bareOut = await readFile(path.join(work, 'bare-out', 'bare.pdf'));

  // 2. A phone-sized photo.
  const photo = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const small = photo.length > 1_048_576 ? await sharp(photo).jpeg({ quality: 40 }).toBuffer() : photo;
  await convertDocument('jpeg', small, thread, soffice);
  const imageMs: number[] = [];
  for (let i = 0; i < TURNS; i++) imageMs.push(await time(() => convertDocument('jpeg', small, thread, soffice)));

  // 3. Throughput: THROUGHPUT_DOCS docx, one then two at a time.
  const throughput = async (concurrency: number) => {
    let next = 0;
    const ms = await time(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next++ < THROUGHPUT_DOCS) await ours();
        }),
      ),
    );
    return (THROUGHPUT_DOCS / ms) * 60_000;
  };
  const perMinute1 = await throughput(1);
  const perMinute2 = await throughput(2);

  // 4. Answer saves on the real server, with and without conversions running.
  await admin.connect();
  adminConnected = true;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const db = createPostgresDb({ connectionString: dbUrl.toString(), max: 4 });
  await migrate(db);
  const clock = { now: () => new Date() };
  const cookies: string[] = [];
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
      [`docbench${i}@example.edu`],
    );
    cookies.push(`${SESSION_COOKIE}=${await startSession({ db, clock }, rows[0]!.id)}`);
  }
  await db.close();
  server = await startServer(dbUrl.toString());
  const base = new URL(`http://127.0.0.1:${PORT}`);
  const answerUrl = new URL('/api/answer', base);
  const save = (i: number) =>
    request(answerUrl, 'PUT', { cookie: cookies[i % 40]!, origin: base.origin }, { first_name: `Name ${i}` });
  await fixedRate(RATE, 3, save); // warm-up
  const quiet = await fixedRate(RATE, RATE_SECONDS, save);

  // Ten applicants (not the savers) upload a docx each; saves run while the server converts them.
  const json = async (url: string, cookie: string, body: unknown) => {
    const res = await fetch(new URL(url, base), {
      method: 'POST',
      headers: { cookie, origin: base.origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ url: string; fields: Record<string, string> }>;
  };
  const converting = cookies.slice(40);
  for (const cookie of converting) {
    const form = await json(PRESIGNED_URL_PATH, cookie, { answer_key: 'research_upload' });
    const body = new FormData();
    for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
    body.append('file', new Blob([docx as Uint8Array<ArrayBuffer>]), 'project.docx');
    const up = await fetch(form.url, { method: 'POST', body, headers: { cookie, origin: base.origin } });
    if (up.status !== 204) throw new Error(`upload: ${up.status}`);
    await json(documentConversionPath('research_upload'), cookie, {
      file_key: form.fields.key,
      file_name: 'project.docx',
    });
  }
  const conversionsStarted = performance.now();
  const busy = await fixedRate(RATE, RATE_SECONDS, save);
  // Wait for the conversions to finish, to know how many ran during the busy window.
  let waiting = converting.length;
  while (waiting > 0) {
    waiting = 0;
    for (const cookie of converting) {
      const res = await fetch(new URL(documentConversionPath('research_upload'), base), { headers: { cookie } });
      if (isDocumentWaiting(((await res.json()) as { status: 'UNPROCESSED' }).status)) waiting++;
    }
    if (waiting) await new Promise((r) => setTimeout(r, 500));
  }
  const conversionsSeconds = (performance.now() - conversionsStarted) / 1000;

  const row = (name: string, s: LatencyStats) =>
    `${name.padEnd(44)} ${s.perSecond.toFixed(0).padStart(5)}/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms  errors ${s.errors}`;
  console.log(`\nDocument conversion on this machine (${TURNS} turns, medians)\n`);
  console.log(
    `docx, bare soffice --convert-to pdf (warm profile)  ${median(bareMs).toFixed(0).padStart(6)} ms  (${bareOut.length} bytes)`,
  );
  console.log(`docx, bare soffice, new empty profile each time     ${median(freshMs).toFixed(0).padStart(6)} ms`);
  console.log(`docx, our pipeline (inspect + sandboxed soffice)    ${median(oursMs).toFixed(0).padStart(6)} ms`);
  console.log(
    `ratio ours / bare: ${(median(oursMs) / median(bareMs)).toFixed(2)}   (goal <= 1.25); ours / bare with a new profile: ${(median(oursMs) / median(freshMs)).toFixed(2)}`,
  );
  console.log(
    `(our LibreOffice runs at nice 10 so that answer saves come first: on a busy machine that alone slows it)\n`,
  );
  console.log(
    `photo 3000x2000 JPEG (${(small.length / 1024).toFixed(0)} KB) to PDF      ${median(imageMs).toFixed(0).padStart(6)} ms\n`,
  );
  console.log(`throughput, 1 conversion at a time: ${perMinute1.toFixed(0)} docx/min`);
  console.log(`throughput, 2 conversions at a time: ${perMinute2.toFixed(0)} docx/min\n`);
  console.log(row(`PUT /api/answer at ${RATE}/s, no conversions`, quiet));
  console.log(row(`PUT /api/answer at ${RATE}/s, converting`, busy));
  console.log(
    `(${converting.length} docx conversions took ${conversionsSeconds.toFixed(1)} s from the start of the busy window)`,
  );
  console.log(`ratio of p99 converting / quiet: ${(busy.p99 / quiet.p99).toFixed(2)}   (goal <= 1.5)\n`);
} finally {
  await thread.close();
  await closeConnections();
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server!.once('exit', r));
  if (adminConnected) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  await rm(work, { recursive: true, force: true });
}

/** The server as `npm start` runs it, converting with its defaults (one conversion at a time). */
async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'server'),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(work, 'none'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return waitForServer(child, PORT);
}
