import type { FunnelReport, PaceReport, TimingReport } from '@admissions/domain';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TENANT_CONFIG } from '../../config';
import { createFormContext } from '../../core/form-context';
import { DAY } from '../../infra/time-units';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, submittedApplicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { catchUpConsoleIndex } from '../staff/console-index';

/**
 * The funnel, pace and timing reports (issue 47) on one fixture across a cycle's close, every number worked
 * out by hand below. Everything is made through the API, with the test clock placing each event on its day:
 *
 * Cycle 2026-27 (opens 1 August 2026, Chicago), the clock's start, 2 November 2026 09:00 UTC, is its day 93:
 *   L1 MAE submitted day 93, admitted and released; L2 MAE submitted day 95; L3 MAPP submitted day 97.
 * The restart a year on (2 November 2027, day 93 of 2027-28) opens 2027-28; day 93 + n is 2 November 2027 + n:
 *   A  MAE  submitted 93, letter waived (complete) 95, reviewed 96, admitted and released 100, accepted 100.
 *   B  MAE  submitted 93, complete 94, reviewed 97, denied and released 98, changed to wait-listed and released 99.
 *   C  MAE  submitted 94, complete 98, reviewed 99, admitted 100 but not released (provisional).
 *   D  MAE  submitted 94, withdrawn 95 (never complete).
 *   E  MAE  started, never submitted.
 *   F  MAPP submitted 96, complete 97, reviewed 98, admitted and released 99, declined 100.
 * The reports are read on day 100 (9 November 2027).
 */

const REVIEWER = 'report-reviewer@college.test';
const READER = 'report-reader@college.test';
const MAE_READER = 'report-mae-reader@college.test';
const LETTER = 'letter:recommender_';
const REVIEW = { scores: { academic: 4, statement: 4, recommendations: 4 }, comment: 'Sound.', submit: true };

/**
 * The sample tenant file a year on: cycle 2027-28, with deadlines in that cycle (the sample's are in its past).
 * Without its fees (issue 43): an application here is complete once its letter is waived, as the days above say.
 */
async function nextCycleTenantFile(dir: string): Promise<string> {
  const tenant = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as {
    cycle: object;
    programs: { deadline: string }[];
    fees?: object;
  };
  delete tenant.fees;
  tenant.cycle = { id: '2027-28', label: 'Admissions 2027–28', opens: '2027-08-01T00:00', closes: '2028-08-31T23:59' };
  for (const program of tenant.programs) program.deadline = '2028-04-01T23:59';
  const file = path.join(dir, 'next-cycle-tenant.json');
  await writeFile(file, JSON.stringify(tenant));
  return file;
}

let t: TestApp | undefined;
let next: TestApp;
let tenantDir: string;
const ids: Record<string, string> = {};
const emails: Record<string, string> = {};

/** The admissions office's administrator, logged in afresh (the clock moves by days, past a session's limit). */
const office = () => anotherSession(next, STAFF_EMAIL);

/** Moves the test clock forward to an instant. */
const advanceTo = (app: TestApp, iso: string) => app.clock.advance(Date.parse(iso) - app.clock.now().getTime());

/** The console index's periodic job, as the server runs it every few seconds (cron is off in tests). */
const indexJob = (app: TestApp) => catchUpConsoleIndex(app.deps, createFormContext(app.deps.config.tenant));

async function submitted(app: TestApp, key: string, program: string, term: string) {
  const a = await submittedApplicant(app, `report-${key}@example.edu`, { applied_major: program, entry_term: term });
  ids[key] = a.userId;
  emails[key] = a.email;
}

const waive = async (key: string) =>
  expectOk(
    await (
      await office()
    ).post(`/api/staff/applications/${ids[key]}/waivers`, { item_key: LETTER, reason: 'Vouched for.' }),
  );
const review = async (key: string) =>
  expectOk(await (await anotherSession(next, REVIEWER)).put(`/api/staff/applications/${ids[key]}/review`, REVIEW));
async function decideAndRelease(app: TestApp, key: string, code: string, release = true) {
  const admin = await anotherSession(app, STAFF_EMAIL);
  const body = code === 'deny' ? { code, reasons: [{ id: 'program_full' }] } : { code };
  await expectOk(await admin.put(`/api/staff/applications/${ids[key]}/decision`, body));
  if (release) await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [ids[key]] }));
}
const applicantSays = async (key: string, url: string, body: object) =>
  expectOk(await (await anotherSession(next, emails[key]!)).post(url, body));

/** Ends a fixture day: the index catches up, then the clock moves to the next day. */
async function nextDay(app: TestApp) {
  await indexJob(app);
  app.clock.advance(DAY);
}

beforeAll(async () => {
  tenantDir = await mkdtemp(path.join(tmpdir(), 'ap-reports-'));
  const first = await startTestApp(STAFF_ENV);
  t = first;
  await loggedInClient(first, STAFF_EMAIL);
  // Cycle 2026-27: day 93 is the clock's start.
  await submitted(first, 'L1', 'MAE', '2027FA');
  await decideAndRelease(first, 'L1', 'admit');
  await nextDay(first);
  await nextDay(first);
  await submitted(first, 'L2', 'MAE', '2027FA');
  await nextDay(first);
  await nextDay(first);
  await submitted(first, 'L3', 'MAPP', '2027FA');
  await indexJob(first);

  // The restart with the next cycle's tenant file, a year after the clock's start: day 93 of 2027-28.
  advanceTo(first, '2027-11-02T09:00:00Z');
  await first.stop();
  next = await startTestApp(
    { ...STAFF_ENV, TENANT_CONFIG: await nextCycleTenantFile(tenantDir) },
    { restartOf: first },
  );
  t = undefined;
  await staffWithRoles(next, REVIEWER, ['reviewer']);

  // Day 93.
  await submitted(next, 'A', 'MAE', '2028FA');
  await submitted(next, 'B', 'MAE', '2028FA');
  ids.E = (await applicantWith(next, 'report-E@example.edu', { first_name: 'Eve', applied_major: 'MAE' })).userId;
  await nextDay(next);
  // Day 94.
  await submitted(next, 'C', 'MAE', '2028FA');
  await submitted(next, 'D', 'MAE', '2028FA');
  await waive('B');
  await nextDay(next);
  // Day 95.
  await waive('A');
  await applicantSays('D', '/api/withdraw', { reason: 'Chose another school.' });
  await nextDay(next);
  // Day 96.
  await submitted(next, 'F', 'MAPP', '2028FA');
  await expectOk(
    await (
      await office()
    ).post('/api/staff/assignments', {
      reviewer: REVIEWER,
      application_ids: [ids.A, ids.B, ids.C, ids.F],
    }),
  );
  await review('A');
  await nextDay(next);
  // Day 97.
  await review('B');
  await waive('F');
  await nextDay(next);
  // Day 98.
  await waive('C');
  await decideAndRelease(next, 'B', 'deny');
  await review('F');
  await nextDay(next);
  // Day 99.
  await review('C');
  await decideAndRelease(next, 'B', 'waitlist');
  await decideAndRelease(next, 'F', 'admit');
  await nextDay(next);
  // Day 100.
  await decideAndRelease(next, 'A', 'admit');
  await applicantSays('A', '/api/decision/response', { response: 'accept' });
  await applicantSays('F', '/api/decision/response', { response: 'decline' });
  await decideAndRelease(next, 'C', 'admit', false);
  await indexJob(next);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await next?.close();
  await rm(tenantDir, { recursive: true, force: true });
});

const read = async <R>(client: TestClient, url: string) => (await expectOk(await client.get(url))).json<R>();
const steps = (r: FunnelReport) => r.rows.map((row) => [row.step, row.count, row.share]);

describe('the funnel', () => {
  it('counts each step of the open cycle only, with its share of the one before, and decided by code', async () => {
    const report = await read<FunnelReport>(await office(), '/api/staff/reports/funnel');
    expect(report.filters).toMatchObject({ cycle: { id: '2027-28' }, program: null, includes_unreleased: true });
    // L1 (last cycle, admitted and released) counts nowhere; D counts as submitted and withdrawn; B once, as
    // wait-listed; C's provisional admit counts as decided for the office that decides.
    expect(steps(report)).toEqual([
      ['started', 6, null],
      ['submitted', 5, 0.8333],
      ['complete', 4, 0.8],
      ['in_review', 4, 1],
      ['decided', 4, 1],
      ['released', 3, 0.75],
      ['accepted', 1, 0.3333],
      ['declined', 1, 1],
      ['withdrawn', 1, 1],
    ]);
    expect(report.rows[3]).toEqual({ step: 'in_review', label: 'In review', count: 4, share: 1 });
    expect(report.decided_by_code).toEqual([
      { code: 'admit', label: 'Admitted', count: 3 },
      { code: 'admit_conditional', label: 'Admitted with conditions', count: 0 },
      { code: 'waitlist', label: 'Wait-listed', count: 1 },
      { code: 'deny', label: 'Not admitted', count: 0 },
    ]);
  });

  it('shows a reader released decisions only: no provisional decision reaches them', async () => {
    const reader = await staffWithRoles(next, READER, ['reader']);
    const report = await read<FunnelReport>(reader, '/api/staff/reports/funnel');
    expect(report.filters.includes_unreleased).toBe(false);
    expect(steps(report)).toEqual([
      ['started', 6, null],
      ['submitted', 5, 0.8333],
      ['complete', 4, 0.8],
      ['in_review', 4, 1],
      ['decided', 3, 0.75],
      ['released', 3, 1],
      ['accepted', 1, 0.3333],
      ['declined', 1, 1],
      ['withdrawn', 1, 1],
    ]);
    expect(report.decided_by_code.map((d) => [d.code, d.count])).toEqual([
      ['admit', 2],
      ['admit_conditional', 0],
      ['waitlist', 1],
      ['deny', 0],
    ]);
  });

  it("covers only a program-limited member's programs, and refuses another program with 404", async () => {
    const reader = await staffWithRoles(next, MAE_READER, ['reader'], ['MAE']);
    const report = await read<FunnelReport>(reader, '/api/staff/reports/funnel');
    expect(report.filters.programs.map((p) => p.code)).toEqual(['MAE']);
    expect(steps(report)).toEqual([
      ['started', 5, null],
      ['submitted', 4, 0.8],
      ['complete', 3, 0.75],
      ['in_review', 3, 1],
      ['decided', 2, 0.6667],
      ['released', 2, 1],
      ['accepted', 1, 0.5],
      ['declined', 0, 0],
      ['withdrawn', 1, null],
    ]);
    const outside = await reader.get('/api/staff/reports/funnel?program=MAPP');
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers CSV with its header and rows, decided by code under decided', async () => {
    const res = await expectOk(await (await office()).get('/api/staff/reports/funnel?format=csv'));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')).toEqual([
      'step,label,count,share',
      'started,Started,6,',
      'submitted,Submitted,5,0.8333',
      'complete,Complete,4,0.8',
      'in_review,In review,4,1',
      'decided,Decided,4,1',
      'decided:admit,Admitted,3,',
      'decided:admit_conditional,Admitted with conditions,0,',
      'decided:waitlist,Wait-listed,1,',
      'decided:deny,Not admitted,0,',
      'released,Released,3,0.75',
      'accepted,Accepted,1,0.3333',
      'declined,Declined,1,1',
      'withdrawn,Withdrawn,1,1',
      '',
    ]);
  });
});

describe('this cycle against the last', () => {
  it('gives cumulative submissions by day from each opening, and the difference today', async () => {
    const report = await read<PaceReport>(await office(), '/api/staff/reports/pace');
    expect(report.cycle_opens).toEqual({
      id: '2027-28',
      label: 'Admissions 2027–28',
      opens: '2027-08-01',
      opens_recorded: true,
    });
    // The last cycle is the one before the restart, with L1, L2 and L3 at their own days 93, 95 and 97.
    expect(report.previous_cycle).toEqual({
      id: '2026-27',
      label: '2026-27',
      opens: '2026-08-01',
      opens_recorded: true,
    });
    expect(report.rows).toHaveLength(101);
    expect(report.rows[0]).toEqual({ day: 0, date: '2027-08-01', this_cycle: 0, last_cycle: 0 });
    expect(report.rows.slice(0, 93).every((r) => r.this_cycle === 0 && r.last_cycle === 0)).toBe(true);
    expect(report.rows.slice(92)).toEqual([
      { day: 92, date: '2027-11-01', this_cycle: 0, last_cycle: 0 },
      { day: 93, date: '2027-11-02', this_cycle: 2, last_cycle: 1 },
      { day: 94, date: '2027-11-03', this_cycle: 4, last_cycle: 1 },
      { day: 95, date: '2027-11-04', this_cycle: 4, last_cycle: 2 },
      { day: 96, date: '2027-11-05', this_cycle: 5, last_cycle: 2 },
      { day: 97, date: '2027-11-06', this_cycle: 5, last_cycle: 3 },
      { day: 98, date: '2027-11-07', this_cycle: 5, last_cycle: 3 },
      { day: 99, date: '2027-11-08', this_cycle: 5, last_cycle: 3 },
      { day: 100, date: '2027-11-09', this_cycle: 5, last_cycle: 3 },
    ]);
    expect(report.today).toEqual({ day: 100, this_cycle: 5, last_cycle: 3, difference: 2 });
  });

  it("counts a program-limited member's programs only", async () => {
    const reader = await staffWithRoles(next, MAE_READER, ['reader'], ['MAE']);
    const report = await read<PaceReport>(reader, '/api/staff/reports/pace');
    expect(report.rows.slice(93, 98).map((r) => [r.day, r.this_cycle, r.last_cycle])).toEqual([
      [93, 2, 1],
      [94, 4, 1],
      [95, 4, 2],
      [96, 4, 2],
      [97, 4, 2],
    ]);
    expect(report.today).toEqual({ day: 100, this_cycle: 4, last_cycle: 2, difference: 2 });
  });

  it('draws a closed cycle to its close, with no cycle before it', async () => {
    const report = await read<PaceReport>(await office(), '/api/staff/reports/pace?cycle=2026-27');
    expect(report.previous_cycle).toBeNull();
    // 31 August 2027, the close, is day 395 from 1 August 2026.
    expect(report.rows).toHaveLength(396);
    expect(report.rows.slice(93, 98).map((r) => [r.day, r.date, r.this_cycle, r.last_cycle])).toEqual([
      [93, '2026-11-02', 1, null],
      [94, '2026-11-03', 1, null],
      [95, '2026-11-04', 2, null],
      [96, '2026-11-05', 2, null],
      [97, '2026-11-06', 3, null],
    ]);
    expect(report.today).toEqual({ day: 395, this_cycle: 3, last_cycle: null, difference: null });
  });

  it('takes an opening the history never recorded as a year before the next, and says so', async () => {
    // A cycle that closed before migration 128 has no opens_at: only the database can make one now.
    await next.db.query(`UPDATE cycle_history SET opens_at = NULL WHERE cycle_id = '2026-27'`);
    try {
      const report = await read<PaceReport>(await office(), '/api/staff/reports/pace');
      expect(report.previous_cycle).toEqual({
        id: '2026-27',
        label: '2026-27',
        opens: '2026-08-01',
        opens_recorded: false,
      });
      expect(report.today).toEqual({ day: 100, this_cycle: 5, last_cycle: 3, difference: 2 });
    } finally {
      await next.db.query(`UPDATE cycle_history SET opens_at = '2026-08-01T05:00:00Z' WHERE cycle_id = '2026-27'`);
    }
  });

  it('answers CSV with its header and a row a day', async () => {
    const res = await expectOk(await (await office()).get('/api/staff/reports/pace?format=csv'));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('day,date,this_cycle,last_cycle');
    expect(lines).toHaveLength(103);
    expect(lines.slice(94, 97)).toEqual(['93,2027-11-02,2,1', '94,2027-11-03,4,1', '95,2027-11-04,4,2']);
  });
});

describe('timing', () => {
  const expected = [
    // MAE: A (2, 1, 5 days), B (1, 3, 4: its first release), C (4, 1, not released).
    {
      program: 'MAE',
      program_label: 'MA in Education',
      step: 'submitted_to_complete',
      count: 3,
      median_days: 2,
      p90_days: 3.6,
    },
    {
      program: 'MAE',
      program_label: 'MA in Education',
      step: 'complete_to_first_review',
      count: 3,
      median_days: 1,
      p90_days: 2.6,
    },
    {
      program: 'MAE',
      program_label: 'MA in Education',
      step: 'complete_to_release',
      count: 2,
      median_days: 4.5,
      p90_days: 4.9,
    },
    // MAPP: F (1, 1, 2 days). L3 (last cycle) counts nowhere.
    {
      program: 'MAPP',
      program_label: 'MA in Applied Psychology',
      step: 'submitted_to_complete',
      count: 1,
      median_days: 1,
      p90_days: 1,
    },
    {
      program: 'MAPP',
      program_label: 'MA in Applied Psychology',
      step: 'complete_to_first_review',
      count: 1,
      median_days: 1,
      p90_days: 1,
    },
    {
      program: 'MAPP',
      program_label: 'MA in Applied Psychology',
      step: 'complete_to_release',
      count: 1,
      median_days: 2,
      p90_days: 2,
    },
  ];

  it('gives the median and 90th percentile days of each step by program, three rows a program', async () => {
    const report = await read<TimingReport>(await office(), '/api/staff/reports/timing');
    expect(report.rows.filter((r) => r.program === 'MAE' || r.program === 'MAPP')).toEqual(expected);
    const others = report.rows.filter((r) => r.program !== 'MAE' && r.program !== 'MAPP');
    expect(others).toHaveLength(3 * (report.filters.programs.length - 2));
    expect(others.every((r) => r.count === 0 && r.median_days === null && r.p90_days === null)).toBe(true);
  });

  it("covers only a program-limited member's programs", async () => {
    const reader = await staffWithRoles(next, MAE_READER, ['reader'], ['MAE']);
    const report = await read<TimingReport>(reader, '/api/staff/reports/timing');
    expect(report.rows).toEqual(expected.slice(0, 3));
  });

  it('answers CSV with its header and rows', async () => {
    const res = await expectOk(await (await office()).get('/api/staff/reports/timing?format=csv&program=MAE'));
    expect(res.body.split('\r\n')).toEqual([
      'program,program_label,step,count,median_days,p90_days',
      'MAE,MA in Education,submitted_to_complete,3,2,3.6',
      'MAE,MA in Education,complete_to_first_review,3,1,2.6',
      'MAE,MA in Education,complete_to_release,2,4.5,4.9',
      '',
    ]);
  });
});
