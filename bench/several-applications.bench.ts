/**
 * Several applications per account (issue 42), in PostgreSQL, in one process, each figure against a baseline
 * measured in the same run, taking turns call by call:
 *
 * 1. Starting a copied application: POST /api/applications {program, copy_from} through app.inject with a real
 *    session, each call on a fresh account whose application is maximal (every text at its limit, ten schools;
 *    largest-application.test-helper.ts) and has five converted documents (COMPLETED rows and their PDFs in
 *    local storage, on five transcript questions of the Education page, which the copy takes). Against:
 *    (a) the same rows copied by bare SQL in one transaction on the same pool (the owner's users row, the
 *        applications row with the copied answers and blocks shown, and their answer_history rows, the five documents rows and
 *        theirs, the session's application_id): the issue's baseline, goal at most 2x;
 *    (b) the rows of (a) and the same five file copies made as the product makes them: storage.copy (a file copy
 *        beside the target, fsync, rename), the five side by side (after the commit here, before it in the
 *        product: the same work): the floor of a copy that copies the files;
 *    (c) as (b), each PDF read into the process and written back, one after the other: how the product copied
 *        them at first (docs/performance/several-applications.md), kept as the "before";
 *    (d) (b)'s rows and files behind a bare authenticated call through the same Fastify app:
 *        POST /api/applications/floor, a route the bench adds to the app instance, with the applicant scope's
 *        session check and application header, the body parsed against the start's schema, then (a)'s transaction
 *        and the five storage.copy side by side with it (as the product overlaps them; the new documents' ids
 *        planned in the process from the source's documents as seeded, so it reads nothing first), answered 201
 *        with the start's answer. The floor of an HTTP call doing this work: the product's fixed HTTP cost is in it.
 *    (e) the five files alone (storage.copy, side by side) behind the same bare call, and no row at all: what
 *        any call that copies the files before it answers costs at least, whatever it does with the rows.
 *    Each side on accounts of its own, seeded alike; the six take turns in a rotating order.
 * 2. GET /api/profile for an account with three applications against an account with one (the same maximal
 *    answers and five documents in the application read), in the same run, interleaved. Two arms of three:
 *    the session on the account's own first application, and on a further one (its answers made the same as
 *    the first's, so both read the same rows). Goal: at most 1.1x.
 *
 * Prints p50/p95 of each arm and the ratios of p50s and p95s, then GOALS.
 *
 *   npm run bench:applications      (uses TEST_DATABASE_URL or the local server)
 *   BENCH_STARTS (200) copies timed on each of the six sides, after BENCH_START_WARMUP (10);
 *   BENCH_PDF_KB (256) the size of each converted PDF; BENCH_PROFILES (2000) profile calls on each side.
 */
import { cpus, loadavg } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPLICATION_ID_HEADER,
  APPLICATIONS_PATH,
  buildForm,
  copiedAnswers,
  copiedViewKeys,
  isCopiedKey,
  MAX_REPEATS,
  SESSION_COOKIE,
  type Answers,
} from '@admissions/domain';
import { startApplicationBody } from '@admissions/domain/schemas';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { createFormContext } from '../apps/server/src/core/form-context';
import { applicationSummary } from '../apps/server/src/features/cycles/account-applications';
import { createLookupService } from '../apps/server/src/features/lookup/lookup-service';
import { createZipCodeProvider } from '../apps/server/src/features/lookup/zip-code-provider';
import { parseBody } from '../apps/server/src/http/parse-body';
import { checkNamedApplication } from '../apps/server/src/session/application-header';
import { requireSession, sessionOf } from '../apps/server/src/session/require-session';
import { pdfKeyOf, newUploadKey } from '../apps/server/src/features/documents/document-keys';
import { largestAnswers } from '../apps/server/src/features/pdf/largest-application.test-helper';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { createStorage } from '../apps/server/src/infra/storage/create-storage';
import { hashToken } from '../apps/server/src/session/secrets';
import { startSession } from '../apps/server/src/session/session-store';
import { scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const STARTS = Number(process.env.BENCH_STARTS ?? 200);
const START_WARMUP = Number(process.env.BENCH_START_WARMUP ?? 10);
const PDF_KB = Number(process.env.BENCH_PDF_KB ?? 256);
const PROFILES = Number(process.env.BENCH_PROFILES ?? 2000);
const PROFILE_WARMUP = 100;
/** The goals of issue 42. */
const GOALS = { start: 2, profile: 1.1 };
const SOURCE_PROGRAM = 'MAE';
const COPY_PROGRAM = 'MAPP';
const TERM = '2027FA';
const DOCUMENTS = 5;
const MAX_PDF_BYTES = 256 * 1_048_576;

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
type Stats = { p50: number; p95: number };
const stats = (v: number[]): Stats => ({ p50: percentile(v, 0.5), p95: percentile(v, 0.95) });
const line = (label: string, x: Stats) => `${label} p50 ${ms(x.p50)}, p95 ${ms(x.p95)}`;
const ratio = (a: Stats, b: Stats) => ({ p50: a.p50 / b.p50, p95: a.p95 / b.p95 });
const ratioText = (r: { p50: number; p95: number }) => `p50 ${r.p50.toFixed(2)}x, p95 ${r.p95.toFixed(2)}x`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A converted document as a scan comes out of conversion: one page holding a JPEG, about `kb` KB in all. */
async function scannedPdf(kb: number): Promise<Uint8Array> {
  const jpegOf = async (pixels: number) => {
    const width = Math.max(16, Math.round(Math.sqrt(pixels * 1.3)));
    const height = Math.max(16, Math.round(pixels / width));
    // Grain on a light page, as a scan has: neither a flat page nor incompressible bytes.
    const raw = randomBytes(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = 176 + (raw[i]! >> 2);
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
  };
  let pixels = kb * 1024;
  let jpeg = await jpegOf(pixels);
  for (let i = 0; i < 4 && Math.abs(jpeg.length - kb * 1024) > kb * 1024 * 0.05; i++) {
    pixels = Math.round((pixels * kb * 1024) / jpeg.length);
    jpeg = await jpegOf(pixels);
  }
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  doc.addPage([612, 792]).drawImage(image, { x: 36, y: 36, width: 540, height: 720 });
  return doc.save();
}

const scratch = await scratchDatabase('bench_apps');
// Seeding writes thousands of rows at once: a pool of its own without the server's 2 s statement limit.
const seed = createPostgresDb({ connectionString: scratch.url, max: 4, statementTimeoutMs: 600_000 });
const db = createPostgresDb({ connectionString: scratch.url, max: 10 });
try {
  const config = scratchConfig(scratch, { LOG_LEVEL: 'silent' });
  const clock = { now: () => new Date() };
  const form = buildForm(config.tenant);
  const origin = config.publicUrl.origin;
  // The same kind of storage on the same folder as the app's, for seeding and for the floor's file copies.
  const storage = createStorage(config.storage, config.publicUrl, 'x'.repeat(64), clock);
  const ctx = createFormContext(config.tenant);
  /**
   * (d) The floor of any HTTP call doing the copy: (b)'s work behind the app's own plumbing. A scope of /api as
   * the applicant's routes have it (the session check, then the application header; the closed-cycle guard
   * lets POST /api/applications through without a statement, so it is left out), one route: the body parsed
   * against the start's schema, (b)'s rows and files, 201 with the start's answer and header.
   */
  const floorRoute = async (root: FastifyInstance) => {
    await root.register(
      async (api) => {
        api.decorateRequest('session', undefined);
        api.addHook('preHandler', requireSession({ config, db, clock } as never));
        api.addHook('preHandler', async (req, reply) => checkNamedApplication(req, reply));
        const floorOf = (work: (a: Account) => Promise<string>) => async (req: FastifyRequest, reply: FastifyReply) => {
          const session = sessionOf(req);
          const body = parseBody(startApplicationBody, req.body);
          if (body.copy_from !== session.accountId) throw new Error("the floor copies the account's own");
          const account = floorAccountOf.get(session.accountId);
          if (!account || account.idHash !== session.idHash) throw new Error('not a floor account');
          const owner = await work(account);
          reply.code(201).header(APPLICATION_ID_HEADER, owner);
          const row = {
            id: owner,
            cycle_id: config.tenant.cycle.id,
            program: body.program,
            term: body.term ?? null,
            submitted_at: null,
            kept_basis: null,
            withdrawn: false,
            released: false,
            response: null,
            released_code: null,
            started: true,
          };
          return { application: applicationSummary(row, config.tenant, ctx, owner) };
        };
        api.post(
          '/applications/floor',
          floorOf((a) => copyRowsBesideFiles(a)),
        );
        api.post(
          '/applications/floor-files',
          floorOf((a) => copyFilesOnly(a)),
        );
      },
      { prefix: '/api' },
    );
  };
  // The app first: its start records the open cycle, which every applications row seeded below joins. Built as
  // appWithoutJobs (scratch-app.ts) builds it, with the floor's route added before it is ready.
  const app = await buildApp(
    {
      config,
      db,
      clock,
      secretKey: 'x'.repeat(64),
      mailer: { send: async () => {}, close() {} } as never,
      jobs: undefined as never,
      storage: createStorage(config.storage, config.publicUrl, 'x'.repeat(64), clock),
      lookups: createLookupService(undefined, { info() {}, warn() {} }, createZipCodeProvider()),
    },
    pino({ level: 'silent' }),
  );
  await floorRoute(app);
  await app.ready();

  const maximal: Answers = {
    ...largestAnswers(form, 'latin'),
    applied_major: SOURCE_PROGRAM,
    entry_term: TERM,
  };
  const copiedKeys = Object.keys(copiedAnswers(form, maximal));
  const viewKeys = copiedViewKeys(form);
  const fileKeys = ['college_transcript_upload', 'college_2_transcript_upload', 'college_3_transcript_upload'];
  for (let n = 4; fileKeys.length < DOCUMENTS; n++) fileKeys.push(`college_${n}_transcript_upload`);
  for (const key of fileKeys) if (!isCopiedKey(form, key)) throw new Error(`${key} is not copied by the form`);
  const pdf = await scannedPdf(PDF_KB);

  const t0 = performance.now();
  /**
   * Accounts with a maximal application in the open cycle, five COMPLETED documents and their PDFs (when
   * `files`), and a live session each.
   */
  const seedAccounts = async (prefix: string, count: number, files: boolean) => {
    const { rows } = await seed.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, confirmed_at, created_at)
       SELECT $1 || g || '@example.edu', 'x', now(), now() FROM generate_series(1, $2) g RETURNING id`,
      [prefix, count],
    );
    const ids = rows.map((r) => r.id);
    await seed.query(
      `INSERT INTO applications (user_id, answers, add_another, updated_at)
       SELECT id, $2::jsonb, $3::jsonb, now() FROM unnest($1::uuid[]) id`,
      [ids, JSON.stringify(maximal), JSON.stringify({ college: MAX_REPEATS })],
    );
    const docs = ids.flatMap((userId) =>
      fileKeys.map((answerKey) => {
        const id = randomUUID();
        return {
          id,
          userId,
          answerKey,
          uploadKey: newUploadKey(userId, answerKey),
          pdfKey: pdfKeyOf(userId, answerKey, id),
        };
      }),
    );
    await seed.query(
      `INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key,
         pdf_size, created_at, updated_at)
       SELECT d.id, d.user_id, d.answer_key, d.upload_key, 'transcript scan.pdf', $6, 'COMPLETED', '', d.pdf_key, $6,
         now(), now()
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[])
         AS d(id, user_id, answer_key, upload_key, pdf_key)`,
      [
        docs.map((d) => d.id),
        docs.map((d) => d.userId),
        docs.map((d) => d.answerKey),
        docs.map((d) => d.uploadKey),
        docs.map((d) => d.pdfKey),
        pdf.length,
      ],
    );
    if (files)
      for (let i = 0; i < docs.length; i += 16)
        await Promise.all(docs.slice(i, i + 16).map((d) => storage.write(d.pdfKey, pdf, 'application/pdf')));
    const accounts: { id: string; cookie: string; idHash: string; sources: typeof docs }[] = [];
    for (const id of ids) {
      const token = await startSession({ db, clock }, id);
      const sources = docs.filter((d) => d.userId === id);
      accounts.push({ id, cookie: `${SESSION_COOKIE}=${token}`, idHash: hashToken(token), sources });
    }
    return accounts;
  };

  const perSide = STARTS + START_WARMUP;
  const callAccounts = await seedAccounts('start.call.', perSide, true);
  const rowsAccounts = await seedAccounts('start.rows.', perSide, false);
  const filesAccounts = await seedAccounts('start.files.', perSide, true);
  const atOnceAccounts = await seedAccounts('start.atonce.', perSide, true);
  const floorAccounts = await seedAccounts('start.floor.', perSide, true);
  const filesOnlyAccounts = await seedAccounts('start.filesonly.', perSide, true);
  const floorAccountOf = new Map([...floorAccounts, ...filesOnlyAccounts].map((a) => [a.id, a]));
  const [one] = await seedAccounts('profile.one.', 1, true);
  const [three] = await seedAccounts('profile.three.', 1, true);
  await seed.query('VACUUM ANALYZE');
  const seedSeconds = (performance.now() - t0) / 1000;

  // 1. Starting a copied application.
  type Account = (typeof callAccounts)[number];
  const post = async (url: string, a: Account, program: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: { program, copy_from: a.id },
      headers: { cookie: a.cookie, origin },
    });
    if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const id = res.json<{ application: { id: string } }>().application.id;
    if (res.headers[APPLICATION_ID_HEADER.toLowerCase()] !== id) throw new Error(`${url} named another application`);
    return id;
  };
  const start = (a: Account, program = COPY_PROGRAM) => post(APPLICATIONS_PATH, a, program);
  /** (d) (b)'s rows and files, side by side, behind the bare authenticated call. */
  const floorCall = (a: Account) => post(`${APPLICATIONS_PATH}/floor`, a, COPY_PROGRAM);
  /** (e) The five files alone, side by side, behind the bare authenticated call: no row at all. */
  const filesOnlyCall = (a: Account) => post(`${APPLICATIONS_PATH}/floor-files`, a, COPY_PROGRAM);
  /**
   * The same rows as the call writes, in one transaction; the documents' storage keys, from and to. With `planned`,
   * the new owner and the new documents' ids by answer key, chosen before (d)'s files are copied.
   */
  const copyRows = (a: Account, planned?: { owner: string; ids: Record<string, string> }) =>
    db.transaction(async (tx) => {
      const owner = planned?.owner ?? randomUUID();
      const now = new Date();
      await tx.query(
        `INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of)
         SELECT $2::uuid, email, '', confirmed_at, $3, id FROM users WHERE id = $1`,
        [a.id, owner, now],
      );
      await tx.query(
        `WITH saved AS (
           INSERT INTO applications (user_id, answers, add_another, tabs, updated_at)
           SELECT $2::uuid, (SELECT jsonb_object_agg(key, value) FROM jsonb_each(answers) WHERE key = ANY($4::text[])) || $5::jsonb,
             coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(add_another) WHERE key = ANY($6::text[])), '{}'),
             coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(tabs) WHERE key = ANY($6::text[])), '{}'), $3
           FROM applications WHERE user_id = $1
           RETURNING user_id, answers, add_another, tabs
         )
         INSERT INTO answer_history (user_id, kind, changes, created_at)
         SELECT user_id, 'answer', answers, $3 FROM saved
         UNION ALL SELECT user_id, 'add_another', add_another, $3 FROM saved WHERE add_another <> '{}'
         UNION ALL SELECT user_id, 'tabs', tabs, $3 FROM saved WHERE tabs <> '{}'`,
        [a.id, owner, now, copiedKeys, JSON.stringify({ applied_major: COPY_PROGRAM }), viewKeys],
      );
      const { rows } = await tx.query<{ from_key: string; to_key: string }>(
        `WITH source AS (
           SELECT d.*, ${planned ? '($5::jsonb ->> d.answer_key)::uuid' : 'gen_random_uuid()'} AS new_id FROM documents d
           WHERE d.user_id = $1 AND d.status = 'COMPLETED' AND d.pdf_key IS NOT NULL AND d.answer_key = ANY($4::text[])
         ), copied AS (
           INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, message, pdf_key,
             pdf_size, created_at, updated_at)
           SELECT new_id, $2::uuid, answer_key, 'documents/' || $2::text || '/' || answer_key || '/upload-' || gen_random_uuid(),
             file_name, file_size, 'COMPLETED', '', 'documents/' || $2::text || '/' || answer_key || '/' || new_id || '.pdf',
             pdf_size, $3, $3
           FROM source
           RETURNING user_id, answer_key, status
         ), logged AS (
           INSERT INTO answer_history (user_id, kind, changes, created_at)
           SELECT user_id, 'document', jsonb_build_object(answer_key, status), $3 FROM copied
         )
         SELECT pdf_key AS from_key, 'documents/' || $2::text || '/' || answer_key || '/' || new_id || '.pdf' AS to_key
         FROM source`,
        [a.id, owner, now, fileKeys, ...(planned ? [JSON.stringify(planned.ids)] : [])],
      );
      await tx.query('UPDATE sessions SET application_id = $2 WHERE id_hash = $1', [a.idHash, owner]);
      return { owner, files: rows };
    });
  /** (b) The rows, and the five files copied where they are, side by side, as the product copies them. */
  const copyRowsAndFiles = async (a: Account) => {
    const { owner, files } = await copyRows(a);
    const copied = await Promise.all(files.map(({ from_key, to_key }) => storage.copy(from_key, to_key)));
    if (copied.includes(false)) throw new Error('a source PDF is missing');
    return owner;
  };
  /**
   * (d)'s work: (a)'s transaction, and the five files copied where they are beside it, as the product overlaps
   * them (it copies while its rows are written; a failed copy fails the call).
   */
  const copyRowsBesideFiles = async (a: Account) => {
    const owner = randomUUID();
    const planned = a.sources.map((d) => ({ ...d, newId: randomUUID() }));
    const files = Promise.all(planned.map((d) => storage.copy(d.pdfKey, pdfKeyOf(owner, d.answerKey, d.newId))));
    const rows = copyRows(a, { owner, ids: Object.fromEntries(planned.map((d) => [d.answerKey, d.newId])) });
    const [rowsDone, filesDone] = await Promise.allSettled([rows, files]);
    if (rowsDone.status === 'rejected') throw rowsDone.reason;
    if (filesDone.status === 'rejected') throw filesDone.reason;
    if (filesDone.value.includes(false)) throw new Error('a source PDF is missing');
    return owner;
  };
  /** (e)'s work: the five files copied where they are, side by side, and nothing else; their keys by owner. */
  const filesOnlyCopies = new Map<string, string[]>();
  const copyFilesOnly = async (a: Account) => {
    const owner = randomUUID();
    const keys = a.sources.map((d) => pdfKeyOf(owner, d.answerKey, randomUUID()));
    const copied = await Promise.all(a.sources.map((d, i) => storage.copy(d.pdfKey, keys[i]!)));
    if (copied.includes(false)) throw new Error('a source PDF is missing');
    filesOnlyCopies.set(owner, keys);
    return owner;
  };
  /** (c) The rows, and each PDF read into the process and written back, one after the other: the first product. */
  const copyRowsAndFilesAtOnce = async (a: Account) => {
    const { owner, files } = await copyRows(a);
    for (const { from_key, to_key } of files) {
      const bytes = await storage.read(from_key, MAX_PDF_BYTES);
      if (!bytes) throw new Error(`${from_key} is missing`);
      await storage.write(to_key, bytes, 'application/pdf');
    }
    return owner;
  };

  /** What a copy holds: its answers, its documents and their files, its history, and the session on it. */
  const contentOf = async (owner: string, a: Account) => {
    const { rows } = await db.query<{
      answers: Answers;
      add_another: object;
      docs: number;
      history: string[];
      open: boolean;
    }>(
      `SELECT a.answers, a.add_another, (SELECT count(*)::int FROM documents WHERE user_id = $1 AND status = 'COMPLETED') AS docs,
         ARRAY(SELECT kind FROM answer_history WHERE user_id = $1 ORDER BY kind) AS history,
         (SELECT application_id = $1 FROM sessions WHERE id_hash = $2) AS open
       FROM applications a WHERE a.user_id = $1`,
      [owner, a.idHash],
    );
    const { rows: keys } = await db.query<{ pdf_key: string }>('SELECT pdf_key FROM documents WHERE user_id = $1', [
      owner,
    ]);
    const sizes = await Promise.all(keys.map((k) => storage.size(k.pdf_key)));
    return { ...rows[0]!, files: sizes.filter((s) => s === pdf.length).length };
  };
  {
    // The five sides write the same rows: checked once, before anything is timed.
    const [call, bareRows, bareFiles, atOnce, floorCopy] = [
      await start(callAccounts[0]!).then((id) => contentOf(id, callAccounts[0]!)),
      await copyRows(rowsAccounts[0]!).then(({ owner }) => contentOf(owner, rowsAccounts[0]!)),
      await copyRowsAndFiles(filesAccounts[0]!).then((id) => contentOf(id, filesAccounts[0]!)),
      await copyRowsAndFilesAtOnce(atOnceAccounts[0]!).then((id) => contentOf(id, atOnceAccounts[0]!)),
      await floorCall(floorAccounts[0]!).then((id) => contentOf(id, floorAccounts[0]!)),
    ];
    const same = (x: typeof call, files: number) =>
      JSON.stringify(x.answers) === JSON.stringify(call.answers) &&
      JSON.stringify(x.add_another) === JSON.stringify(call.add_another) &&
      x.docs === DOCUMENTS &&
      x.files === files &&
      JSON.stringify(x.history) === JSON.stringify(call.history) &&
      x.open;
    if (
      call.docs !== DOCUMENTS ||
      call.files !== DOCUMENTS ||
      !same(bareRows, 0) ||
      !same(bareFiles, DOCUMENTS) ||
      !same(atOnce, DOCUMENTS) ||
      !same(floorCopy, DOCUMENTS)
    )
      throw new Error(
        `the copies differ: ${JSON.stringify({ call, bareRows, bareFiles, atOnce, floorCopy }).slice(0, 2000)}`,
      );
    // (e) copies the same five files, and writes no row.
    const filesOnly = await filesOnlyCall(filesOnlyAccounts[0]!);
    const sizes = await Promise.all((filesOnlyCopies.get(filesOnly) ?? []).map((k) => storage.size(k)));
    if (sizes.length !== DOCUMENTS || sizes.some((size) => size !== pdf.length))
      throw new Error(`(e) copied ${JSON.stringify(sizes)}`);
  }

  type Side = { name: string; accounts: Account[]; run: (a: Account) => Promise<unknown>; times: number[] };
  const sides: Side[] = [
    { name: 'POST /api/applications (copy)', accounts: callAccounts, run: start, times: [] },
    { name: '(a) bare SQL rows, one transaction', accounts: rowsAccounts, run: copyRows, times: [] },
    { name: '(b) bare SQL rows + the five files copied', accounts: filesAccounts, run: copyRowsAndFiles, times: [] },
    {
      name: '(c) rows + files read and written in turn',
      accounts: atOnceAccounts,
      run: copyRowsAndFilesAtOnce,
      times: [],
    },
    { name: '(d) (b) side by side behind a bare call', accounts: floorAccounts, run: floorCall, times: [] },
    { name: '(e) the five files alone, behind a call', accounts: filesOnlyAccounts, run: filesOnlyCall, times: [] },
  ];
  const loadBefore = load();
  // Account 0 of each side was the check above; then the warm-up, then the timed rounds.
  for (let i = 1; i < perSide; i++) {
    // A rotating order, so no side always follows the same other one (and its fsyncs).
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(i + k) % sides.length]!;
      const started = performance.now();
      await side.run(side.accounts[i]!);
      if (i > START_WARMUP) side.times.push(performance.now() - started);
    }
  }
  const loadAfterStarts = load();

  // 2. GET /api/profile: one application against three.
  const firstOfThree = three!.id;
  await start(three!, 'GSCUP');
  const furtherOfThree = await start(three!, COPY_PROGRAM);
  // The further one reads the same answers as the first (a copy drops the program's own answers).
  await db.query(
    `UPDATE applications SET answers = (SELECT answers FROM applications WHERE user_id = $1) || $3::jsonb
     WHERE user_id = $2`,
    [firstOfThree, furtherOfThree, JSON.stringify({ applied_major: COPY_PROGRAM })],
  );
  // A second session of the same account, on the account's own (first) application.
  const firstToken = await startSession({ db, clock }, firstOfThree);
  const threeOnFirst = `${SESSION_COOKIE}=${firstToken}`;
  const { rows: count } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN applications a ON a.user_id = u.id
     WHERE u.id = $1 OR u.application_of = $1`,
    [firstOfThree],
  );
  if (count[0]!.n !== 3) throw new Error(`the account holds ${count[0]!.n} applications`);

  const profile = async (cookie: string, expected: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    if (res.statusCode !== 200 || res.headers[APPLICATION_ID_HEADER.toLowerCase()] !== expected)
      throw new Error(
        `profile answered ${res.statusCode} for ${String(res.headers[APPLICATION_ID_HEADER.toLowerCase()])}`,
      );
    return res.rawPayload.length;
  };
  const profileSides = [
    { name: 'one application', run: () => profile(one!.cookie, one!.id), times: [] as number[], bytes: 0 },
    { name: 'three, the first open', run: () => profile(threeOnFirst, firstOfThree), times: [] as number[], bytes: 0 },
    {
      name: 'three, a further one open',
      run: () => profile(three!.cookie, furtherOfThree),
      times: [] as number[],
      bytes: 0,
    },
  ];
  for (let i = 0; i < PROFILE_WARMUP + PROFILES; i++) {
    for (let k = 0; k < profileSides.length; k++) {
      const side = profileSides[(i + k) % profileSides.length]!;
      const started = performance.now();
      side.bytes = await side.run();
      if (i >= PROFILE_WARMUP) side.times.push(performance.now() - started);
    }
  }
  const loadAfterProfiles = load();
  await app.close();

  console.log(
    `several applications: ${cpus().length} × ${cpus()[0]?.model}; load ${loadBefore} before, ${loadAfterStarts} after the starts, ` +
      `${loadAfterProfiles} at the end; ${new Date().toISOString()}`,
  );
  console.log(
    `seeded ${sides.length * perSide + 2} accounts in ${seedSeconds.toFixed(0)} s: a maximal application ` +
      `(${JSON.stringify(maximal).length} bytes of answers, ${copiedKeys.length} of ${Object.keys(maximal).length} answers copied) ` +
      `and ${DOCUMENTS} documents of ${(pdf.length / 1024).toFixed(0)} KB each`,
  );
  console.log(`\nstarting a copied application, ${STARTS} each after ${START_WARMUP} of warm-up, taking turns:`);
  const startStats = sides.map((s) => stats(s.times));
  const [call, rowsOnly, withFiles, filesAtOnce, httpFloor, filesFloor] = startStats as [
    Stats,
    Stats,
    Stats,
    Stats,
    Stats,
    Stats,
  ];
  sides.forEach((side, i) => console.log(`  ${line(side.name.padEnd(42), startStats[i]!)}`));
  const startGoal = ratio(call, rowsOnly);
  const floor = ratio(withFiles, rowsOnly);
  console.log(`  the call / (a): ${ratioText(startGoal)} (the issue's goal: <= ${GOALS.start}x)`);
  console.log(
    `  (b) / (a): ${ratioText(floor)}` +
      (floor.p50 > GOALS.start ? ` (above ${GOALS.start}x: the file copies alone put the goal out of reach)` : ''),
  );
  console.log(`  the call / (b): ${ratioText(ratio(call, withFiles))} (what the product adds to the same copy)`);
  console.log(
    `  (c) / (a): ${ratioText(ratio(filesAtOnce, rowsOnly))} (the files as first copied); the call / (c): ${ratioText(ratio(call, filesAtOnce))}`,
  );
  const httpFloorRatio = ratio(httpFloor, rowsOnly);
  console.log(
    `  (d) / (a): ${ratioText(httpFloorRatio)}` +
      (httpFloorRatio.p50 > GOALS.start
        ? ` (above ${GOALS.start}x: a call through this app writing (a)'s rows and copying the files is out of reach)`
        : ''),
  );
  console.log(
    `  (d) / (b): ${ratioText(ratio(httpFloor, withFiles))} (the HTTP cost, less the overlap); the call / (d): ${ratioText(ratio(call, httpFloor))} (what the product adds to the floor)`,
  );
  const filesFloorRatio = ratio(filesFloor, rowsOnly);
  console.log(
    `  (e) / (a): ${ratioText(filesFloorRatio)}` +
      (filesFloorRatio.p50 > GOALS.start
        ? ` (above ${GOALS.start}x: no call that copies the five files before it answers meets the goal)`
        : '') +
      `; the call / (e): ${ratioText(ratio(call, filesFloor))} (the rows and what the product adds)`,
  );

  console.log(`\nGET /api/profile, ${PROFILES} each after ${PROFILE_WARMUP} of warm-up, taking turns:`);
  const profileStats = profileSides.map((s) => stats(s.times));
  const [single, onFirst, onFurther] = profileStats as [Stats, Stats, Stats];
  profileSides.forEach((side, i) =>
    console.log(`  ${line(side.name.padEnd(26), profileStats[i]!)} (${side.bytes} bytes)`),
  );
  const firstRatio = ratio(onFirst, single);
  const furtherRatio = ratio(onFurther, single);
  console.log(`  three (the first open) / one: ${ratioText(firstRatio)}`);
  console.log(`  three (a further one open) / one: ${ratioText(furtherRatio)}`);

  const verdict = (r: { p50: number; p95: number }, goal: number) =>
    `${r.p50 <= goal && r.p95 <= goal ? 'met' : r.p50 <= goal ? 'met at p50, not at p95' : 'NOT met'}`;
  console.log('\nGOALS');
  console.log(
    `  start a copied application <= ${GOALS.start}x bare SQL rows (a): ${ratioText(startGoal)}: ${verdict(startGoal, GOALS.start)}` +
      `; floor (b) / (a) ${ratioText(floor)}`,
  );
  console.log(
    `  the HTTP floor (d) / (a): ${ratioText(httpFloorRatio)}: ` +
      (httpFloorRatio.p50 > GOALS.start
        ? 'above the goal: out of reach through this app at p50'
        : 'under the goal: not shown out of reach') +
      `; the call / (d) ${ratioText(ratio(call, httpFloor))}`,
  );
  console.log(
    `  the files alone behind the call (e) / (a): ${ratioText(filesFloorRatio)}: ` +
      (filesFloorRatio.p50 > GOALS.start ? 'above the goal: out of reach of any call at p50' : 'under the goal'),
  );
  console.log(
    `  profile with three applications <= ${GOALS.profile}x one: the first open ${ratioText(firstRatio)}: ` +
      `${verdict(firstRatio, GOALS.profile)}; a further one open ${ratioText(furtherRatio)}: ${verdict(furtherRatio, GOALS.profile)}`,
  );
} finally {
  await seed.close();
  await db.close();
  await scratch.drop();
}
