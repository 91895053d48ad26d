/**
 * Issue 44: what the second factor and the staff idle check cost a staff call after sign-in.
 *
 * A throwaway database on the local server gets BENCH_APPLICATIONS applications (20,000 by default: the list's
 * first page reads the same few rows whatever the count) and the console's read model. Two apps in this process
 * on that database answer GET /api/staff/applications (the list's first page, the whole call: session, idle and
 * age check, staff check, page, count, audit row):
 *   - "today": STAFF_MFA=off, a password session, checked as before issue 44 (no second factor asked);
 *   - "with MFA": STAFF_MFA=required, a password session that passed its second factor (mfa_passed_at set), so
 *     every call also checks the proof columns, read in the session's own statement.
 * The two take turns call by call; it prints p50/p95 of each and the ratio of p95 (goal: at most 1.1).
 *
 *   npm run bench:staff-sign-in      (uses TEST_DATABASE_URL or the local server)
 */
import { SESSION_COOKIE } from '@admissions/domain';
import { createFormContext } from '../apps/server/src/core/form-context';
import { catchUpConsoleIndex } from '../apps/server/src/features/staff/console-index';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { hashToken } from '../apps/server/src/session/secrets';
import { startSession } from '../apps/server/src/session/session-store';
import { appWithoutJobs, scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';
import { seedConsoleApplications } from './staff-list-seed';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const STAFF = 'bench.staff@college.test';

const scratch = await scratchDatabase('bench_staff_sign_in');
const db = createPostgresDb({ connectionString: scratch.url, max: 10 });
// Seeding and building the read model take longer than a request's 2 s statement limit.
const seed = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 600_000 });

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

try {
  const clock = { now: () => new Date() };
  const today = scratchConfig(scratch, { STAFF_EMAILS: STAFF, LOG_LEVEL: 'silent', STAFF_MFA: 'off' });
  const withMfa = scratchConfig(scratch, { STAFF_EMAILS: STAFF, LOG_LEVEL: 'silent', STAFF_MFA: 'required' });

  let t0 = performance.now();
  await seedConsoleApplications(seed, APPLICATIONS);
  await catchUpConsoleIndex(
    { db: seed, clock, config: today },
    createFormContext(today.tenant),
    Number.POSITIVE_INFINITY,
  );
  await seed.query('ANALYZE');
  await seed.close();
  const seedSeconds = (performance.now() - t0) / 1000;

  const { rows: staffRows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [STAFF],
  );
  const staffId = staffRows[0]!.id;
  const todayCookie = `${SESSION_COOKIE}=${await startSession({ db, clock }, staffId, true)}`;
  const mfaSession = await startSession({ db, clock }, staffId, true);
  // What POST /api/staff/mfa/verify writes when the member passes the second step.
  await db.query('UPDATE sessions SET mfa_passed_at = now(), authenticated_at = now() WHERE id_hash = $1', [
    hashToken(mfaSession),
  ]);
  const mfaCookie = `${SESSION_COOKIE}=${mfaSession}`;

  const todayApp = await appWithoutJobs({ config: today, db, clock });
  const mfaApp = await appWithoutJobs({ config: withMfa, db, clock });
  const list = async (app: typeof todayApp, cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/staff/applications', headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  };

  for (let i = 0; i < 40; i++) {
    await list(todayApp, todayCookie);
    await list(mfaApp, mfaCookie);
  }
  const todayTimes: number[] = [];
  const mfaTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // Which goes first alternates, so neither always finds the other's work just done.
    const order = i % 2 === 0 ? (['today', 'mfa'] as const) : (['mfa', 'today'] as const);
    for (const which of order) {
      t0 = performance.now();
      if (which === 'today') await list(todayApp, todayCookie);
      else await list(mfaApp, mfaCookie);
      (which === 'today' ? todayTimes : mfaTimes).push(performance.now() - t0);
    }
  }
  await todayApp.close();
  await mfaApp.close();

  const p95Today = percentile(todayTimes, 0.95);
  const p95Mfa = percentile(mfaTimes, 0.95);
  console.log(
    `\nA staff call after sign-in: GET /api/staff/applications, first page, over ${APPLICATIONS.toLocaleString('en-US')} applications (seeded in ${seedSeconds.toFixed(1)} s), ${CALLS} calls each, taking turns:\n`,
  );
  console.log(`  today (STAFF_MFA=off)            p50 ${ms(percentile(todayTimes, 0.5))}   p95 ${ms(p95Today)}`);
  console.log(`  with MFA passed and idle check   p50 ${ms(percentile(mfaTimes, 0.5))}   p95 ${ms(p95Mfa)}`);
  console.log(
    `  ratio of p50: ${(percentile(mfaTimes, 0.5) / percentile(todayTimes, 0.5)).toFixed(2)}, of p95: ${(p95Mfa / p95Today).toFixed(2)} (goal: at most 1.1)`,
  );
} finally {
  await seed.close().catch(() => {});
  await db.close();
  await scratch.drop();
}
