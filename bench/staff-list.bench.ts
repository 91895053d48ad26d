/**
 * The staff console's list call with 200,000 applications in PostgreSQL, and
 * the reader's packet with ten documents.
 *
 * A throwaway database on the local server gets 200,000 applicants (users,
 * answers, status, one history row each), made with SQL; the console's read
 * model is then built by the same refresher the server runs, and timed. The
 * list is measured as the staff member's browser asks for it,
 * GET /api/staff/applications with a search and a filter (the whole call:
 * session and staff check, index catch-up check, page, count, audit row),
 * against a bare indexed SELECT of the same page of 50 in the same run, the
 * two taking turns call by call. It prints p50/p95 and their ratio.
 *
 *   npm run bench:staff      (uses TEST_DATABASE_URL or the local server)
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { SESSION_COOKIE } from '@admissions/domain';
import { startSession } from '../apps/server/src/session/session-store';
import { loadCopySource } from '../apps/server/src/features/pdf/application-copy';
import { createPdfRenderer } from '../apps/server/src/features/pdf/pdf-renderer';
import { createFormContext } from '../apps/server/src/core/form-context';
import { catchUpConsoleIndex } from '../apps/server/src/features/staff/console-index';
import { filterOf } from '../apps/server/src/features/staff/console-list';
import { composePacket } from '../apps/server/src/features/staff/packet';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { appWithoutJobs, scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';
import { seedConsoleApplications } from './staff-list-seed';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const STAFF = 'bench.staff@college.test';

const scratch = await scratchDatabase('bench_staff');
const db = createPostgresDb({ connectionString: scratch.url, max: 10 });

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  const config = scratchConfig(scratch, { STAFF_EMAILS: STAFF, LOG_LEVEL: 'silent' });
  const ctx = createFormContext(config.tenant);
  const clock = { now: () => new Date() };

  // --- 200,000 applications, made in SQL (staff-list-seed.ts).
  let t0 = performance.now();
  await seedConsoleApplications(db, APPLICATIONS);
  const seedSeconds = (performance.now() - t0) / 1000;

  // --- The read model, built by the refresher the server runs (validation of every application included).
  t0 = performance.now();
  await catchUpConsoleIndex({ db, clock, config }, ctx, Number.POSITIVE_INFINITY);
  const indexSeconds = (performance.now() - t0) / 1000;
  await db.query('ANALYZE');
  const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_application_index');

  // --- A staff session and the app, in this process, on the same database.
  const { rows: staffRows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [STAFF],
  );
  const cookie = `${SESSION_COOKIE}=${await startSession({ db, clock }, staffRows[0]!.id, true)}`;
  // The list call sends no mail and queues no job.
  const app = await appWithoutJobs({ config, db, clock });

  // Searches that each match a few hundred applications (one surname), with the "submitted" filter.
  const surnames = ['Kaloven', 'Mirator', 'Seldanbri', 'Monesha', 'Quinharlu', 'Pergolfi', 'Zenwaka', 'Lomira'];
  const query = (i: number) => ({ q: surnames[i % surnames.length]!.toLowerCase(), status: 'submitted' as const });
  const { rows: sample } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_application_index WHERE search_text LIKE $1 AND web_status = 'submitted'`,
    [`%${query(0).q}%`],
  );

  const callList = async (i: number) => {
    const q = query(i);
    const res = await app.inject({
      method: 'GET',
      url: `/api/staff/applications?q=${q.q}&status=${q.status}`,
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  };
  const bareSelect = async (i: number) => {
    const { where, params } = filterOf(query(i));
    await db.query(
      `SELECT user_id, email, first_name, last_name, preferred_name, program, entry_term, web_status, last_change, submitted_at,
         missing_count FROM staff_application_index ${where} ORDER BY last_change DESC, user_id DESC LIMIT 50`,
      params,
    );
  };

  for (let i = 0; i < 30; i++) {
    await callList(i);
    await bareSelect(i);
  }
  const listTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let s = performance.now();
    await bareSelect(i);
    bareTimes.push(performance.now() - s);
    s = performance.now();
    await callList(i);
    listTimes.push(performance.now() - s);
  }

  // --- The packet: the PDF copy of one application and ten converted documents of three pages each.
  const { rows: one } = await db.query<{ user_id: string; email: string }>(
    `SELECT a.user_id, u.email FROM applications a JOIN users u ON u.id = a.user_id LIMIT 1`,
  );
  const documents = await Promise.all(
    Array.from({ length: 10 }, async (_, d) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.TimesRoman);
      for (let p = 0; p < 3; p++) {
        const page = doc.addPage([612, 792]);
        for (let line = 0; line < 45; line++) {
          page.drawText(
            `Document ${d + 1}, page ${p + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`,
            {
              x: 54,
              y: 740 - line * 15,
              size: 10,
              font,
            },
          );
        }
      }
      const bytes = await doc.save();
      return {
        answerKey: `doc_${d}`,
        label: `Question ${d + 1}`,
        fileName: `doc-${d}.pdf`,
        fileSize: bytes.length,
        readPdf: async () => bytes,
      };
    }),
  );
  const renderer = createPdfRenderer();
  const source = await loadCopySource({ db }, ctx, config.tenant, { userId: one[0]!.user_id, username: one[0]!.email });
  const separators = (list: Parameters<typeof renderer.renderSeparators>[0]) => renderer.renderSeparators(list);
  // warm-up: worker start, fonts
  await composePacket(await renderer.render(source.header, source.pages), documents, separators);
  const packetTimes: number[] = [];
  let packetBytes = 0;
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    const packet = await composePacket(await renderer.render(source.header, source.pages), documents, separators);
    packetTimes.push(performance.now() - s);
    packetBytes = packet.length;
  }
  await renderer.close();
  await app.close();

  const p95List = percentile(listTimes, 0.95);
  const p95Bare = percentile(bareTimes, 0.95);
  console.log(
    `\nStaff console on PostgreSQL: ${counted[0]!.n.toLocaleString('en-US')} applications (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `read model built from answer_history by the refresher: ${indexSeconds.toFixed(1)} s (${Math.round(counted[0]!.n / indexSeconds).toLocaleString('en-US')} applications/s, validation included)`,
  );
  console.log(
    `page of 50, search of one surname + status=submitted (${sample[0]!.n} matches), ${CALLS} calls each, taking turns:\n`,
  );
  console.log(`  bare indexed SELECT of the page     p50 ${ms(percentile(bareTimes, 0.5))}   p95 ${ms(p95Bare)}`);
  console.log(`  GET /api/staff/applications (whole) p50 ${ms(percentile(listTimes, 0.5))}   p95 ${ms(p95List)}`);
  console.log(`  ratio of p95: ${(p95List / p95Bare).toFixed(2)} (goal: p95 <= 50 ms and <= 3x the bare query)`);
  console.log(
    `\npacket: PDF copy + 10 documents of 3 pages: median ${ms(percentile(packetTimes, 0.5))}, ${(packetBytes / 1024).toFixed(0)} KB`,
  );
} finally {
  await db.close();
  await scratch.drop();
}
