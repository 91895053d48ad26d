/**
 * The office's six reports (issue 47) over the staff bench's data, in PostgreSQL: 200,000 submitted applications
 * of the open cycle (and 20,000 started only, and 100,000 of the cycle before for the pace report), about 400,000
 * reviews by 20 reviewers, 40,000 decisions, withdrawals, checklist events and demographic answers, all made in SQL
 * (reports-seed.ts).
 *
 * Each report is measured as the director's browser asks for it, GET /api/staff/reports/{kind} through app.inject
 * with an administrator's session (the whole call: session and staff check, filters, audit row, the report's
 * statements, the JSON), against the bare SQL aggregate of the same numbers (a plain statement written here, not
 * the product's text) on the same pool, the two taking turns call by call after a warm-up. Before any timing, each
 * report's numbers are checked against its bare aggregate's: a difference is printed and the run stops. It prints
 * one line of each report's headline figures, p50/p95 of each side and their ratios, then GOALS (issue 47: p95 at
 * most 1.5 times the bare aggregate's).
 *
 *   npm run bench:reports      (uses TEST_DATABASE_URL or the local server)
 *   BENCH_APPLICATIONS (200000) submitted applications of the open cycle; BENCH_CALLS (30) timed calls a side and a
 *   report, after BENCH_WARMUP (3); BENCH_EXPLAIN=1 also times each statement of one call of each report and prints
 *   EXPLAIN ANALYZE of its slowest statement and of the bare aggregate; BENCH_STATEMENT_TIMEOUT_MS (2000, the
 *   server's) the app's pool's statement limit: a report over it answers 503, is said so and is not timed;
 *   BENCH_ONLY (every report) a comma-separated list of the reports to check and time, e.g. timing,reviewers.
 */
import { loadavg } from 'node:os';
import {
  SESSION_COOKIE,
  type EqualityReport,
  type FunnelReport,
  type PaceReport,
  type ReportKind,
  type ReviewersReport,
  type TimingReport,
  type YieldReport,
} from '@admissions/domain';
import type { Db, Queryable, QueryOptions } from '../apps/server/src/infra/db/db';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/session/session-store';
import { PREVIOUS_CYCLE, PREVIOUS_OPENS, seedReports } from './reports-seed';
import { appWithoutJobs, scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_ONLY=timing,reviewers: only these reports (comma-separated kinds); every report when unset. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((k) => k.trim());
/** The app's pool's statement limit: the server's (2 s) unless set, so a report over it answers 503 as in production. */
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 2000);
/** The goal of issue 47: each report's p95 at most this many times the bare aggregate's. */
const GOALS = { p95: 1.5 };
const ADMIN = 'bench.director@college.test';
/** The demographic answers of the About step (about-page.ts): the questions the equality report counts. */
const EQUALITY_KEYS = [
  'gender',
  'ethnicity',
  'race_american_indian',
  'race_asian',
  'race_black',
  'race_native_hawaiian',
  'race_white',
  'citizenship',
];

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
type Stats = { p50: number; p95: number };
const stats = (v: number[]): Stats => ({ p50: percentile(v, 0.5), p95: percentile(v, 0.95) });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
/** As the answer rounds (a half away from zero, in binary floating point). */
const round = (value: number | string | null, decimals: number) =>
  value === null ? null : Math.round(Number(value) * 10 ** decimals) / 10 ** decimals;
const n = (x: number) => x.toLocaleString('en-US');

/** The differences between what a report answered and what the bare aggregate counted, one line each. */
class Differences {
  readonly lines: string[] = [];
  same(what: string, report: unknown, bare: unknown) {
    if (report !== bare) this.lines.push(`${what}: report ${String(report)}, bare ${String(bare)}`);
  }
}

const scratch = await scratchDatabase('bench_reports');
// Seeding and the EXPLAINs run statements of minutes: a pool of its own without the server's 2 s statement limit.
const seed = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 3_600_000 });
const db = createPostgresDb({ connectionString: scratch.url, max: 10, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
try {
  const config = scratchConfig(scratch, { STAFF_EMAILS: ADMIN, LOG_LEVEL: 'silent' });
  const { tenant } = config;
  const clock = { now: () => new Date() };
  // The app first: its start records the open cycle (portal_cycle, cycle_history) that the seed's rows belong to.
  const app = await appWithoutJobs({ config, db, clock });

  const t0 = performance.now();
  const seeded = await seedReports(seed, tenant, APPLICATIONS);
  const seedSeconds = (performance.now() - t0) / 1000;

  const { rows: adminRows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [ADMIN],
  );
  const cookie = `${SESSION_COOKIE}=${await startSession({ db, clock }, adminRows[0]!.id, true)}`;

  const cycleId = tenant.cycle.id;
  // An administrator sees every program of the tenant, in its order (report-filters.ts).
  const programs = tenant.programs.map((p) => p.code);
  const offerCodes = tenant.decisions.codes.filter((c) => c.offer === true).map((c) => c.code);
  const zone = tenant.time_zone;
  const opensDate = tenant.cycle.opens.slice(0, 10);

  // --- The bare aggregates: plain statements that count the same numbers, each returning the rows it counted.
  const bare = {
    funnel: (q: Queryable) =>
      q.query<{
        code: string | null;
        started: number;
        submitted: number;
        complete: number;
        in_review: number;
        released: number;
        accepted: number;
        declined: number;
        withdrawn: number;
      }>(
        `WITH current_decision AS (
           SELECT user_id,
             coalesce(max(code) FILTER (WHERE status = 'provisional'), max(code) FILTER (WHERE status = 'released')) AS code,
             bool_or(status = 'released') AS released,
             bool_or(status = 'released' AND response = 'accept') AS accepted,
             bool_or(status = 'released' AND response = 'decline') AS declined
           FROM decisions WHERE status IN ('provisional', 'released') GROUP BY user_id)
         SELECT c.code, count(*)::int AS started, count(i.submitted_at)::int AS submitted,
           count(*) FILTER (WHERE i.complete)::int AS complete, count(*) FILTER (WHERE i.review_count > 0)::int AS in_review,
           count(*) FILTER (WHERE c.released)::int AS released, count(*) FILTER (WHERE c.accepted)::int AS accepted,
           count(*) FILTER (WHERE c.declined)::int AS declined, count(w.user_id)::int AS withdrawn
         FROM staff_application_index i
         LEFT JOIN current_decision c ON c.user_id = i.user_id
         LEFT JOIN application_withdrawals w ON w.user_id = i.user_id
         WHERE i.cycle_id = $1 AND i.program = ANY ($2::text[])
         GROUP BY c.code`,
        [cycleId, programs],
      ),
    pace: (q: Queryable, now: Date) =>
      q.query<{ day: number; date: string; this_cycle: number; last_cycle: number }>(
        `WITH bounds AS (SELECT GREATEST(0, ($3::timestamptz AT TIME ZONE $4)::date - $5::date) AS last_day),
         per_day AS (
           SELECT cycle_id = $1 AS this,
             CASE WHEN cycle_id = $1
               THEN LEAST(bounds.last_day, GREATEST(0, (submitted_at AT TIME ZONE $4)::date - $5::date))
               ELSE GREATEST(0, (submitted_at AT TIME ZONE $4)::date - $6::date) END AS day,
             count(*) AS n
           FROM staff_application_index, bounds
           WHERE cycle_id IN ($1, $2) AND program = ANY ($7::text[]) AND submitted_at IS NOT NULL
           GROUP BY 1, 2),
         days AS (SELECT d FROM bounds, generate_series(0, bounds.last_day) AS d)
         SELECT days.d AS day, to_char($5::date + days.d, 'YYYY-MM-DD') AS date,
           (sum(coalesce(t.n, 0)) OVER (ORDER BY days.d))::int AS this_cycle,
           (sum(coalesce(l.n, 0)) OVER (ORDER BY days.d))::int AS last_cycle
         FROM days
         LEFT JOIN per_day t ON t.this AND t.day = days.d
         LEFT JOIN per_day l ON NOT l.this AND l.day = days.d
         ORDER BY days.d`,
        [cycleId, PREVIOUS_CYCLE, now, zone, opensDate, PREVIOUS_OPENS.slice(0, 10), programs],
      ),
    timing: (q: Queryable) =>
      q.query<{
        program: string;
        c1: number;
        m1: number | null;
        p1: number | null;
        c2: number;
        m2: number | null;
        p2: number | null;
        c3: number;
        m3: number | null;
        p3: number | null;
      }>(
        `WITH spans AS (
           SELECT i.program, i.submitted_at,
             GREATEST(i.submitted_at, wv.at, rc.at, rq.at, lt.at, dc.at) AS complete_at, fr.at AS review_at, fd.at AS release_at
           FROM staff_application_index i
           LEFT JOIN (SELECT user_id, max(waived_at) AS at FROM checklist_waivers GROUP BY 1) wv ON wv.user_id = i.user_id
           LEFT JOIN (SELECT user_id, max(received_at) AS at FROM checklist_receipts GROUP BY 1) rc ON rc.user_id = i.user_id
           LEFT JOIN (SELECT user_id, max(answered_at) AS at FROM checklist_requests WHERE withdrawn_at IS NULL GROUP BY 1) rq
             ON rq.user_id = i.user_id
           LEFT JOIN (SELECT user_id, max(responded_at) AS at FROM recommendation_requests
             WHERE current AND status = 'RECEIVED' GROUP BY 1) lt ON lt.user_id = i.user_id
           LEFT JOIN (SELECT user_id, max(updated_at) AS at FROM documents WHERE status = 'COMPLETED' GROUP BY 1) dc
             ON dc.user_id = i.user_id
           LEFT JOIN (SELECT application_user_id AS user_id, min(submitted_at) AS at FROM reviews
             WHERE status = 'submitted' GROUP BY 1) fr ON fr.user_id = i.user_id
           LEFT JOIN (SELECT user_id, min(released_at) AS at FROM decisions WHERE released_at IS NOT NULL GROUP BY 1) fd
             ON fd.user_id = i.user_id
           WHERE i.cycle_id = $1 AND i.program = ANY ($2::text[]) AND i.complete AND i.submitted_at IS NOT NULL),
         seconds AS (
           SELECT program, extract(epoch FROM complete_at - submitted_at) AS s1,
             CASE WHEN review_at IS NOT NULL THEN GREATEST(0, extract(epoch FROM review_at - complete_at)) END AS s2,
             CASE WHEN release_at IS NOT NULL THEN GREATEST(0, extract(epoch FROM release_at - complete_at)) END AS s3
           FROM spans)
         SELECT program,
           count(s1)::int AS c1, round((percentile_cont(0.5) WITHIN GROUP (ORDER BY s1) / 86400)::numeric, 1)::float8 AS m1,
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY s1) / 86400)::numeric, 1)::float8 AS p1,
           count(s2)::int AS c2, round((percentile_cont(0.5) WITHIN GROUP (ORDER BY s2) / 86400)::numeric, 1)::float8 AS m2,
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY s2) / 86400)::numeric, 1)::float8 AS p2,
           count(s3)::int AS c3, round((percentile_cont(0.5) WITHIN GROUP (ORDER BY s3) / 86400)::numeric, 1)::float8 AS m3,
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY s3) / 86400)::numeric, 1)::float8 AS p3
         FROM seconds GROUP BY program`,
        [cycleId, programs],
      ),
    yield: (q: Queryable, now: Date) =>
      q.query<{
        program: string;
        term: string;
        offers: number;
        accepted: number;
        declined: number;
        withdrawn: number;
        no_answer: number;
        lapsed: number;
      }>(
        `WITH offers AS (
           SELECT a.answers ->> 'applied_major' AS program, coalesce(a.answers ->> 'entry_term', '') AS term,
             CASE WHEN d.response = 'accept' THEN 'accepted'
               WHEN d.response = 'decline' AND NOT d.response_by_default THEN 'declined'
               WHEN d.response = 'decline' THEN 'lapsed'
               WHEN w.withdrawn_at IS NOT NULL AND (d.reply_by IS NULL OR w.withdrawn_at < d.reply_by) THEN 'withdrawn'
               WHEN d.reply_by <= $4 THEN 'lapsed'
               ELSE 'no_answer' END AS outcome
           FROM decisions d
           JOIN applications a ON a.user_id = d.user_id
           LEFT JOIN application_withdrawals w ON w.user_id = d.user_id
           WHERE d.status = 'released' AND d.code = ANY ($3::text[])
             AND a.cycle_id = $1 AND a.submitted_at IS NOT NULL AND a.answers ->> 'applied_major' = ANY ($2::text[]))
         SELECT program, term, count(*)::int AS offers,
           count(*) FILTER (WHERE outcome = 'accepted')::int AS accepted,
           count(*) FILTER (WHERE outcome = 'declined')::int AS declined,
           count(*) FILTER (WHERE outcome = 'withdrawn')::int AS withdrawn,
           count(*) FILTER (WHERE outcome = 'no_answer')::int AS no_answer,
           count(*) FILTER (WHERE outcome = 'lapsed')::int AS lapsed
         FROM offers GROUP BY program, term`,
        [cycleId, programs, offerCodes, now],
      ),
    reviewers: (q: Queryable) =>
      q.query<{
        reviewer: string;
        assigned: number;
        submitted: number;
        median_days: number | null;
        mean_score: number | null;
        score_spread: number | null;
        mean_difference: number | null;
      }>(
        `WITH scope AS (
           SELECT user_id FROM applications
           WHERE cycle_id = $1 AND submitted_at IS NOT NULL AND answers ->> 'applied_major' = ANY ($2::text[])),
         submitted AS (
           SELECT r.application_user_id AS app, r.reviewer_email AS reviewer, r.overall, r.submitted_at, ra.assigned_at
           FROM reviews r
           JOIN scope s ON s.user_id = r.application_user_id
           LEFT JOIN review_assignments ra
             ON ra.application_user_id = r.application_user_id AND ra.reviewer_email = r.reviewer_email
           WHERE r.status = 'submitted'),
         others AS (
           SELECT mine.app, mine.reviewer, avg(theirs.overall) AS others_mean
           FROM submitted mine JOIN submitted theirs ON theirs.app = mine.app AND theirs.reviewer <> mine.reviewer
           WHERE theirs.overall IS NOT NULL
           GROUP BY 1, 2),
         per_reviewer AS (
           SELECT s.reviewer, count(*)::int AS submitted,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.submitted_at - s.assigned_at) / 86400) AS median_days,
             avg(s.overall)::float8 AS mean_score, stddev_pop(s.overall)::float8 AS score_spread,
             avg(s.overall - o.others_mean)::float8 AS mean_difference
           FROM submitted s LEFT JOIN others o ON o.app = s.app AND o.reviewer = s.reviewer
           GROUP BY 1),
         assigned AS (
           SELECT ra.reviewer_email AS reviewer, count(*)::int AS assigned
           FROM review_assignments ra JOIN scope s ON s.user_id = ra.application_user_id
           GROUP BY 1)
         SELECT reviewer, coalesce(a.assigned, 0) AS assigned, coalesce(p.submitted, 0) AS submitted,
           p.median_days, p.mean_score, p.score_spread, p.mean_difference
         FROM assigned a FULL JOIN per_reviewer p USING (reviewer)`,
        [cycleId, programs],
      ),
    equality: (q: Queryable) =>
      q.query<{ question: string; answer: string; applied: number; offered: number; accepted: number }>(
        `SELECT q.key AS question, btrim(coalesce(a.answers ->> q.key, '')) AS answer, count(*)::int AS applied,
           count(d.user_id)::int AS offered, count(*) FILTER (WHERE d.response = 'accept')::int AS accepted
         FROM applications a
         LEFT JOIN decisions d ON d.user_id = a.user_id AND d.status = 'released' AND d.code = ANY ($3::text[])
         CROSS JOIN unnest($4::text[]) AS q (key)
         WHERE a.cycle_id = $1 AND a.submitted_at IS NOT NULL AND a.answers ->> 'applied_major' = ANY ($2::text[])
         GROUP BY 1, 2`,
        [cycleId, programs, offerCodes, EQUALITY_KEYS],
      ),
  };

  // --- Each report's numbers against its bare aggregate's, and one line of its headline figures.
  type Check = (body: never, now: Date) => Promise<{ differences: string[]; headline: string }>;
  const checks: { [K in ReportKind]: Check } = {
    funnel: async (report: FunnelReport) => {
      const d = new Differences();
      const { rows } = await bare.funnel(db);
      const sum = (key: Exclude<keyof (typeof rows)[number], 'code'>) => rows.reduce((s, r) => s + r[key], 0);
      const expected: Record<string, number> = {
        started: sum('started'),
        submitted: sum('submitted'),
        complete: sum('complete'),
        in_review: sum('in_review'),
        decided: rows.reduce((s, r) => s + (r.code === null ? 0 : r.started), 0),
        released: sum('released'),
        accepted: sum('accepted'),
        declined: sum('declined'),
        withdrawn: sum('withdrawn'),
      };
      for (const row of report.rows) d.same(`funnel ${row.step}`, row.count, expected[row.step]);
      d.same('funnel steps', report.rows.length, Object.keys(expected).length);
      for (const c of report.decided_by_code)
        d.same(`funnel decided ${c.code}`, c.count, rows.find((r) => r.code === c.code)?.started ?? 0);
      for (const r of rows)
        if (r.code !== null && !report.decided_by_code.some((c) => c.code === r.code))
          d.lines.push(`funnel decided ${r.code}: missing from the report (bare ${r.started})`);
      const step = (s: string) => n(report.rows.find((r) => r.step === s)?.count ?? 0);
      return {
        differences: d.lines,
        headline:
          `started ${step('started')}, submitted ${step('submitted')}, complete ${step('complete')}, in review ${step('in_review')}, ` +
          `decided ${step('decided')} (${report.decided_by_code.map((c) => `${c.code} ${n(c.count)}`).join(', ')}), ` +
          `released ${step('released')}, accepted ${step('accepted')}, declined ${step('declined')}, withdrawn ${step('withdrawn')}`,
      };
    },
    pace: async (report: PaceReport, now) => {
      const d = new Differences();
      const { rows } = await bare.pace(db, now);
      d.same('pace days', report.rows.length, rows.length);
      for (const [i, r] of rows.entries()) {
        const got = report.rows[i];
        d.same(`pace day ${r.day} date`, got?.date, r.date);
        d.same(`pace day ${r.day} this cycle`, got?.this_cycle, r.this_cycle);
        d.same(`pace day ${r.day} last cycle`, got?.last_cycle, r.last_cycle);
      }
      const last = rows.at(-1)!;
      d.same('pace today this cycle', report.today.this_cycle, last.this_cycle);
      d.same('pace today difference', report.today.difference, last.this_cycle - last.last_cycle);
      d.same('pace previous cycle', report.previous_cycle?.id, PREVIOUS_CYCLE);
      return {
        differences: d.lines.slice(0, 20),
        headline:
          `day ${report.today.day} (${report.rows.at(-1)?.date}): this cycle ${n(report.today.this_cycle)}, ` +
          `last cycle ${n(report.today.last_cycle ?? 0)} at the same day, difference ${n(report.today.difference ?? 0)}; ` +
          `${report.rows.length} days, last cycle opened ${report.previous_cycle?.opens}`,
      };
    },
    timing: async (report: TimingReport) => {
      const d = new Differences();
      const { rows } = await bare.timing(db);
      const steps = [
        ['submitted_to_complete', 'c1', 'm1', 'p1'],
        ['complete_to_first_review', 'c2', 'm2', 'p2'],
        ['complete_to_release', 'c3', 'm3', 'p3'],
      ] as const;
      d.same('timing rows', report.rows.length, programs.length * steps.length);
      for (const program of programs) {
        const b = rows.find((r) => r.program === program);
        for (const [step, c, m, p] of steps) {
          const got = report.rows.find((r) => r.program === program && r.step === step);
          d.same(`timing ${program} ${step} count`, got?.count, b?.[c] ?? 0);
          d.same(`timing ${program} ${step} median`, got?.median_days, b?.[m] ?? null);
          d.same(`timing ${program} ${step} p90`, got?.p90_days, b?.[p] ?? null);
        }
      }
      const row = (step: string) => {
        const all = report.rows.filter((r) => r.step === step);
        const main = all.reduce((a, b) => (b.count > a.count ? b : a));
        return `${main.median_days}/${main.p90_days} d (${n(all.reduce((s, r) => s + r.count, 0))})`;
      };
      return {
        differences: d.lines,
        headline:
          `median/p90 of the largest program: submission to complete ${row('submitted_to_complete')}, ` +
          `complete to first review ${row('complete_to_first_review')}, complete to release ${row('complete_to_release')}`,
      };
    },
    yield: async (report: YieldReport, now) => {
      const d = new Differences();
      const { rows } = await bare.yield(db, now);
      d.same('yield rows', report.rows.length, rows.length);
      const columns = ['offers', 'accepted', 'declined', 'withdrawn', 'no_answer', 'lapsed'] as const;
      for (const b of rows) {
        const got = report.rows.find((r) => r.program === b.program && r.term === b.term);
        for (const c of columns) d.same(`yield ${b.program} ${b.term} ${c}`, got?.[c], b[c]);
      }
      const total = (c: (typeof columns)[number]) => n(report.rows.reduce((s, r) => s + r[c], 0));
      return {
        differences: d.lines,
        headline:
          `${report.rows.length} program/term rows: offers ${total('offers')}, accepted ${total('accepted')}, declined ${total('declined')}, ` +
          `withdrawn ${total('withdrawn')}, no answer ${total('no_answer')}, lapsed ${total('lapsed')}`,
      };
    },
    reviewers: async (report: ReviewersReport) => {
      const d = new Differences();
      const { rows } = await bare.reviewers(db);
      d.same('reviewers rows', report.rows.length, rows.length);
      for (const b of rows) {
        const got = report.rows.find((r) => r.reviewer === b.reviewer);
        d.same(`${b.reviewer} assigned`, got?.assigned, b.assigned);
        d.same(`${b.reviewer} submitted`, got?.submitted, b.submitted);
        d.same(`${b.reviewer} median days`, got?.median_days_to_review, round(b.median_days, 2));
        d.same(`${b.reviewer} mean score`, got?.mean_score, round(b.mean_score, 2));
        d.same(`${b.reviewer} spread`, got?.score_spread, round(b.score_spread, 2));
        d.same(`${b.reviewer} mean difference`, got?.mean_difference, round(b.mean_difference, 2));
      }
      const scores = report.rows.map((r) => r.mean_score ?? 0);
      const diffs = report.rows.map((r) => r.mean_difference ?? 0);
      return {
        differences: d.lines,
        headline:
          `${report.rows.length} reviewers, ${n(report.rows.reduce((s, r) => s + r.assigned, 0))} assigned, ` +
          `${n(report.rows.reduce((s, r) => s + r.submitted, 0))} submitted; mean scores ${Math.min(...scores)} to ${Math.max(...scores)}, ` +
          `differences from the others ${Math.min(...diffs)} to ${Math.max(...diffs)}`,
      };
    },
    equality: async (report: EqualityReport) => {
      const d = new Differences();
      const { rows } = await bare.equality(db);
      const columns = ['applied', 'offered', 'accepted'] as const;
      const byKey = new Map(rows.map((r) => [`${r.question}\u0000${r.answer}`, r]));
      const totals = Object.fromEntries(
        columns.map((c) => [c, rows.filter((r) => r.question === EQUALITY_KEYS[0]).reduce((s, r) => s + r[c], 0)]),
      ) as Record<(typeof columns)[number], number>;
      for (const c of columns) d.same(`equality total ${c}`, report.totals[c], totals[c]);
      const questions = [...new Set(report.rows.map((r) => r.question))];
      d.same('equality questions', questions.join(','), EQUALITY_KEYS.join(','));
      let suppressed = 0;
      for (const row of report.rows) {
        const b = byKey.get(`${row.question}\u0000${row.answer}`);
        for (const c of columns) {
          const count = b?.[c] ?? 0;
          const cell = row[c];
          if (cell.suppressed) {
            suppressed++;
            // A hidden cell is never a true zero, and a small one is always hidden.
            if (count === 0) d.lines.push(`equality ${row.question} '${row.answer}' ${c}: 0 hidden`);
          } else {
            d.same(`equality ${row.question} '${row.answer}' ${c}`, cell.count, count);
            d.same(`equality ${row.question} '${row.answer}' ${c} share`, cell.share, round(count / totals[c], 4));
            if (count > 0 && count < report.min_cell)
              d.lines.push(`equality ${row.question} '${row.answer}' ${c}: ${count} shown`);
          }
        }
      }
      for (const b of rows)
        if (!report.rows.some((r) => r.question === b.question && r.answer === b.answer))
          d.lines.push(`equality ${b.question} '${b.answer}': missing from the report (bare applied ${b.applied})`);
      const gender = report.rows
        .filter((r) => r.question === 'gender')
        .map((r) => `${r.answer || 'blank'} ${r.applied.count ?? '<5'}`)
        .join(', ');
      return {
        differences: d.lines,
        headline:
          `applied ${n(report.totals.applied)}, offered ${n(report.totals.offered)}, accepted ${n(report.totals.accepted)}; ` +
          `${report.rows.length} rows, ${suppressed} cells suppressed; gender: ${gender}`,
      };
    },
  };

  const kinds = (Object.keys(checks) as ReportKind[]).filter((k) => ONLY === undefined || ONLY.includes(k));
  if (kinds.length === 0)
    throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: no report of ${Object.keys(checks).join(',')}`);
  const callReport = async (kind: ReportKind, on = app) => {
    const res = await on.inject({ method: 'GET', url: `/api/staff/reports/${kind}`, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${kind} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const bareOf =
    (kind: ReportKind, q: Queryable = db) =>
    () =>
      bare[kind](q, new Date());

  console.log(
    `\nReports on PostgreSQL: ${n(seeded.applications)} submitted applications of ${cycleId} (and ${n(seeded.started)} started only), ` +
      `${n(seeded.previous)} of ${PREVIOUS_CYCLE}, ${n(seeded.reviews)} reviews by ${seeded.reviewers} reviewers ` +
      `(${n(seeded.assignments)} assignments), ${n(seeded.decisions)} applications with a current decision (${n(seeded.decisionRows)} decision rows in all, both cycles), ` +
      `${n(seeded.withdrawals)} withdrawals; seeded in ${seedSeconds.toFixed(1)} s; load ${load()}\n`,
  );
  console.log('Each report against its bare aggregate (the numbers must be equal):');
  let failed = false;
  /** Reports that answered 503 (a statement over the pool's limit): not timed, and their goal is not met. */
  const unavailable = new Set<ReportKind>();
  for (const kind of kinds) {
    const first = await app.inject({ method: 'GET', url: `/api/staff/reports/${kind}`, headers: { cookie } });
    if (first.statusCode === 503) {
      console.log(
        `  ${kind.padEnd(9)} UNAVAILABLE: 503 (a statement over the ${STATEMENT_TIMEOUT_MS} ms limit); not timed`,
      );
      unavailable.add(kind);
      continue;
    }
    const res = await callReport(kind);
    const body = res.json<{ generated_at: string }>();
    const { differences, headline } = await checks[kind](body as never, new Date(body.generated_at));
    console.log(`  ${kind.padEnd(9)} ${differences.length === 0 ? 'equal' : 'DIFFERENT'}: ${headline}`);
    for (const line of differences.slice(0, 30)) console.log(`      ${line}`);
    if (differences.length > 30) console.log(`      … and ${differences.length - 30} more`);
    failed ||= differences.length > 0;
  }
  if (failed) throw new Error('a report differs from its bare aggregate: no timing');

  // --- Timing: warm-up, then the two sides taking turns call by call, which goes first alternating.
  console.log(`\n${CALLS} calls a side after ${WARMUP} of warm-up, taking turns (load before: ${load()}):\n`);
  const results: { kind: ReportKind; call: Stats; bare: Stats; bytes: number }[] = [];
  for (const kind of kinds.filter((k) => !unavailable.has(k))) {
    const runBare = bareOf(kind);
    let bytes = 0;
    for (let i = 0; i < WARMUP; i++) {
      await callReport(kind);
      await runBare();
    }
    const callTimes: number[] = [];
    const bareTimes: number[] = [];
    const timeCall = async () => {
      const s = performance.now();
      bytes = (await callReport(kind)).rawPayload.length;
      callTimes.push(performance.now() - s);
    };
    const timeBare = async () => {
      const s = performance.now();
      await runBare();
      bareTimes.push(performance.now() - s);
    };
    for (let i = 0; i < CALLS; i++) {
      if (i % 2 === 0) {
        await timeBare();
        await timeCall();
      } else {
        await timeCall();
        await timeBare();
      }
    }
    const r = { kind, call: stats(callTimes), bare: stats(bareTimes), bytes };
    results.push(r);
    console.log(
      `  ${kind.padEnd(9)} bare aggregate p50 ${ms(r.bare.p50)}, p95 ${ms(r.bare.p95)} | ` +
        `GET /api/staff/reports/${kind} p50 ${ms(r.call.p50)}, p95 ${ms(r.call.p95)} (${n(bytes)} bytes) | ` +
        `ratio p50 ${(r.call.p50 / r.bare.p50).toFixed(2)}x, p95 ${(r.call.p95 / r.bare.p95).toFixed(2)}x   (load ${load()})`,
    );
  }

  if (EXPLAIN) {
    // One more call of each report on an app whose pool times every statement; EXPLAIN ANALYZE of the slowest.
    let recorded: { text: string; params: readonly unknown[]; ms: number }[] = [];
    const timed: Db = {
      ...db,
      kind: db.kind,
      async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
        const s = performance.now();
        const result = await db.query<T>(text, params, options);
        recorded.push({ text, params: params ?? [], ms: performance.now() - s });
        return result;
      },
      transaction: (fn, options) => db.transaction(fn, options),
      jobsDb: () => db.jobsDb(),
      close: () => db.close(),
    };
    const explainApp = await appWithoutJobs({ config, db: timed, clock });
    const plan = async (text: string, params: readonly unknown[]) => {
      const { rows } = await seed.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      return rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n');
    };
    for (const kind of kinds.filter((k) => !unavailable.has(k))) {
      await callReport(kind, explainApp);
      recorded = [];
      const s = performance.now();
      await callReport(kind, explainApp);
      const whole = performance.now() - s;
      console.log(`\n${kind}: one call ${ms(whole)}, its statements:`);
      for (const r of recorded)
        console.log(`    ${ms(r.ms).padStart(10)}  ${r.text.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
      const slowest = recorded.reduce((a, b) => (b.ms > a.ms ? b : a));
      console.log(`  EXPLAIN ANALYZE of the report's slowest statement:\n${await plan(slowest.text, slowest.params)}`);
      const bareStatement: { text: string; params: readonly unknown[] }[] = [];
      await bareOf(kind, {
        async query<T>(text: string, params?: readonly unknown[]) {
          bareStatement.push({ text, params: params ?? [] });
          return { rows: [] as T[], rowCount: 0 };
        },
      })();
      console.log(
        `  EXPLAIN ANALYZE of the bare aggregate:\n${await plan(bareStatement[0]!.text, bareStatement[0]!.params)}`,
      );
    }
    await explainApp.close();
  }
  await app.close();

  console.log('\nGOALS');
  for (const r of results) {
    const ratio = r.call.p95 / r.bare.p95;
    console.log(
      `  ${r.kind.padEnd(9)} p95 ${ms(r.call.p95)} against ${ms(r.bare.p95)}: ${ratio.toFixed(2)}x <= ${GOALS.p95}x: ` +
        `${ratio <= GOALS.p95 ? 'met' : `NOT met (${((ratio / GOALS.p95 - 1) * 100).toFixed(0)}% over)`}`,
    );
  }
  for (const kind of unavailable)
    console.log(`  ${kind.padEnd(9)} answers 503 over the ${STATEMENT_TIMEOUT_MS} ms statement limit: NOT met`);
  console.log(`  load average at the end: ${load()}`);
} finally {
  await seed.close();
  await db.close();
  await scratch.drop();
}
