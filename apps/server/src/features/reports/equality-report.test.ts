import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EqualityReport } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TENANT_CONFIG } from '../../config';
import { anotherSession, loggedInClient, save } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { decideAndRelease, moveToPastCycle, submitted } from './reports.test-helpers';

/**
 * The equality report on a fixture built through the API (issue 47), with the tenant's `reports.min_cell` set to
 * 3 in its tenant file. Nine submitted applications of the open cycle (MAE but e9):
 *
 *        gender  ethnicity  race          citizenship  decision (released)                 answer
 *   e1   F       NHL        white         USA          admit                               accepted
 *   e2   F       NHL        white         USA          admit                               declined
 *   e3   F       HL         asian         USA          deny                                -
 *   e4   M       NHL        white, asian  USA          wait-list, then changed to admit    -
 *   e5   M       U          -             CAN          admit, then changed to deny         -
 *   e6   M       NHL        black         USA          none; withdrawn                     -
 *   e7   U       NHL        white         USA          admit                               accepted
 *   e8   -       -          -             USA          admit recorded, never released      -
 *   e9   F       HL         asian         MEX          admit (MAAS)                        accepted
 *
 * Not counted: an eleventh never submitted, and three moved to cycle 2025-26: e10 (X, HL, black; admitted,
 * accepted), e12 (F, NHL, white) and e13 (X, NHL, white), neither decided.
 * Totals: applied 9, offered 5 (e1, e2, e4, e7, e9), accepted 3 (e1, e7, e9). The suppressed cells of each
 * question and column are worked out beside the expected rows (suppress-cells.ts: counts 1 and 2 hide; then the
 * smallest others, until the hidden are two or more, add up to 3 or more and to more than their number; if the
 * non-zero cells cannot do it, the whole column).
 *
 * MAAS alone has one application (e9): the report is never drawn by program, and a member limited to MAAS has a
 * scope of one, which is refused.
 */
let t: TestApp;
let staff: TestClient;
let dir: string;
let e8: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'equality-'));
  const tenantFile = path.join(dir, 'tenant.json');
  const sample = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as Record<string, unknown>;
  await writeFile(tenantFile, JSON.stringify({ ...sample, reports: { min_cell: 3 } }));
  t = await startTestApp({ ...STAFF_ENV, TENANT_CONFIG: tenantFile });
  staff = await loggedInClient(t, STAFF_EMAIL);
  const abroad = { bwc_degree: 'Y' };
  const e = (n: number, answers: Record<string, string>) => submitted(t, `eq-${n}@example.edu`, answers);
  const admit = { code: 'admit' };
  const deny = { code: 'deny', reasons: [{ id: 'program_full' }] };

  const e1 = await e(1, { gender: 'F', ethnicity: 'NHL', race_white: 'true' });
  await decideAndRelease(staff, e1.userId, admit);
  await expectOk(await e1.client.post('/api/decision/response', { response: 'accept' }));
  const e2 = await e(2, { gender: 'F', ethnicity: 'NHL', race_white: 'true' });
  await decideAndRelease(staff, e2.userId, admit);
  await expectOk(await e2.client.post('/api/decision/response', { response: 'decline' }));
  const e3 = await e(3, { gender: 'F', ethnicity: 'HL', race_asian: 'true' });
  await decideAndRelease(staff, e3.userId, deny);
  const e4 = await e(4, { gender: 'M', ethnicity: 'NHL', race_white: 'true', race_asian: 'true' });
  await decideAndRelease(staff, e4.userId, { code: 'waitlist' });
  await decideAndRelease(staff, e4.userId, admit);
  const e5 = await e(5, { gender: 'M', ethnicity: 'U', citizenship: 'CAN', ...abroad });
  await decideAndRelease(staff, e5.userId, admit);
  await decideAndRelease(staff, e5.userId, deny);
  const e6 = await e(6, { gender: 'M', ethnicity: 'NHL', race_black: 'true' });
  await expectOk(await e6.client.post('/api/withdraw', { reason: 'Not this year' }));
  const e7 = await e(7, { gender: 'U', ethnicity: 'NHL', race_white: 'true' });
  await decideAndRelease(staff, e7.userId, admit);
  await expectOk(await e7.client.post('/api/decision/response', { response: 'accept' }));
  e8 = (await e(8, {})).userId;
  await expectOk(await staff.put(`/api/staff/applications/${e8}/decision`, admit));
  const e9 = await e(9, {
    gender: 'F',
    ethnicity: 'HL',
    race_asian: 'true',
    citizenship: 'MEX',
    ...abroad,
    applied_major: 'MAAS',
  });
  await decideAndRelease(staff, e9.userId, admit);
  await expectOk(await e9.client.post('/api/decision/response', { response: 'accept' }));

  const past = await e(10, { gender: 'X', ethnicity: 'HL', race_black: 'true' });
  await decideAndRelease(staff, past.userId, admit);
  await expectOk(await past.client.post('/api/decision/response', { response: 'accept' }));
  await moveToPastCycle(t, past.userId);
  await moveToPastCycle(t, (await e(12, { gender: 'F', ethnicity: 'NHL', race_white: 'true' })).userId);
  await moveToPastCycle(t, (await e(13, { gender: 'X', ethnicity: 'NHL', race_white: 'true' })).userId);
  await save(await loggedInClient(t, 'eq-11@example.edu'), { gender: 'X', applied_major: 'MAE' });
  staff = await anotherSession(t, STAFF_EMAIL);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Cell = [number, number] | 'hidden';
const cell = (c: Cell) =>
  c === 'hidden' ? { count: null, share: null, suppressed: true } : { count: c[0], share: c[1], suppressed: false };
const row = (question: string, label: string, answer: string, answerLabel: string, a: Cell, o: Cell, x: Cell) => ({
  question,
  question_label: label,
  answer,
  answer_label: answerLabel,
  applied: cell(a),
  offered: cell(o),
  accepted: cell(x),
});
const H = 'hidden' as const;
const race = (key: string, label: string, selected: [Cell, Cell, Cell], not: [Cell, Cell, Cell]) => [
  row(key, `Race: ${label}`, 'true', 'Selected', ...selected),
  row(key, `Race: ${label}`, '', 'Not selected', ...not),
];

const EXPECTED = [
  // Gender. Applied F 4, M 3, X 0, U 1, none 1: U and none hide (2 < 3), then M, the smallest shown.
  // Offered F 3, M 1, U 1: M and U hide (2), then F. Accepted F 2, U 1: both hide (3, two cells).
  row('gender', 'Gender', 'F', 'Female', [4, 0.4444], H, H),
  row('gender', 'Gender', 'M', 'Male', H, H, [0, 0]),
  row('gender', 'Gender', 'X', 'Non-binary or another gender identity', [0, 0], [0, 0], [0, 0]),
  row('gender', 'Gender', 'U', 'Prefer not to answer', H, H, H),
  row('gender', 'Gender', '', 'Not answered', H, [0, 0], [0, 0]),
  // Ethnicity. Applied HL 2, NHL 5, U 1, none 1: the three small hide (4 > 3 cells). Offered HL 1, NHL 4:
  // HL hides, then NHL. Accepted HL 1, NHL 2: both hide.
  row('ethnicity', 'Are you Hispanic or Latino?', 'HL', 'Hispanic or Latino', H, H, H),
  row('ethnicity', 'Are you Hispanic or Latino?', 'NHL', 'Not Hispanic or Latino', [5, 0.5556], H, H),
  row('ethnicity', 'Are you Hispanic or Latino?', 'U', 'Prefer not to answer', H, [0, 0], [0, 0]),
  row('ethnicity', 'Are you Hispanic or Latino?', '', 'Not answered', H, [0, 0], [0, 0]),
  // Race, each box: selected and not selected add up to the totals (9, 5, 3).
  ...race(
    'race_american_indian',
    'American Indian or Alaska Native',
    [
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    [
      [9, 1],
      [5, 1],
      [3, 1],
    ],
  ),
  // Asian: applied 3 and 6 shown; offered 2 (e4, e9) and 3; accepted 1 (e9) and 2.
  ...race('race_asian', 'Asian', [[3, 0.3333], H, H], [[6, 0.6667], H, H]),
  // Black: applied 1 (e6, withdrawn) and 8.
  ...race('race_black', 'Black or African American', [H, [0, 0], [0, 0]], [H, [5, 1], [3, 1]]),
  ...race(
    'race_native_hawaiian',
    'Native Hawaiian or Other Pacific Islander',
    [
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    [
      [9, 1],
      [5, 1],
      [3, 1],
    ],
  ),
  // White: applied 4 and 5; offered 4 (e1, e2, e4, e7) and 1 (e9); accepted 2 (e1, e7) and 1.
  ...race('race_white', 'White', [[4, 0.4444], H, H], [[5, 0.5556], H, H]),
  // Citizenship, only the countries chosen. Applied USA 7, CAN 1, MEX 1: CAN and MEX hide (2), then USA.
  // Offered USA 4, MEX 1: both hide. Accepted USA 2, MEX 1: both hide.
  row('citizenship', 'Primary Citizenship', 'USA', 'United States', H, H, H),
  row('citizenship', 'Primary Citizenship', 'CAN', 'Canada', H, [0, 0], [0, 0]),
  row('citizenship', 'Primary Citizenship', 'MEX', 'Mexico', H, H, H),
  row('citizenship', 'Primary Citizenship', '', 'Not answered', [0, 0], [0, 0], [0, 0]),
];

const report = async (client: TestClient, query = '') =>
  (await expectOk(await client.get(`/api/staff/reports/equality${query}`))).json<EqualityReport>();

describe('the equality report', () => {
  it('counts applied, offered and accepted by each answer, small cells hidden and totals exact', async () => {
    const drawn = await report(staff);
    expect(drawn.min_cell).toBe(3);
    expect(drawn.totals).toEqual({ applied: 9, offered: 5, accepted: 3 });
    expect(drawn.rows).toEqual(EXPECTED);
  });

  it('draws a past cycle apart from the open one, hiding a whole column its non-zero cells cannot protect', async () => {
    const past = await report(staff, '?cycle=2025-26');
    expect(past.totals).toEqual({ applied: 3, offered: 1, accepted: 1 });
    // Applied F 1 (e12), X 2: both hide (3, two cells). Offered and accepted X 1 (e10) alone: hidden among shown
    // zeros it would be the total, so every cell of those columns is hidden, zeros too.
    expect(past.rows.filter((r) => r.question === 'gender')).toEqual([
      row('gender', 'Gender', 'F', 'Female', H, H, H),
      row('gender', 'Gender', 'M', 'Male', [0, 0], H, H),
      row('gender', 'Gender', 'X', 'Non-binary or another gender identity', H, H, H),
      row('gender', 'Gender', 'U', 'Prefer not to answer', [0, 0], H, H),
      row('gender', 'Gender', '', 'Not answered', [0, 0], H, H),
    ]);
  });

  it('answers CSV with "fewer than 3, or withheld" for a hidden cell and the exact totals last', async () => {
    const csv = await staff.get('/api/staff/reports/equality?format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Question,Question name,Answer,Answer name,Applied,Applied share,Offered,Offered share,Accepted,Accepted share',
    );
    expect(lines[1]).toBe('gender,Gender,F,Female,4,0.4444,"fewer than 3, or withheld",,"fewer than 3, or withheld",');
    expect(lines[2]).toBe('gender,Gender,M,Male,"fewer than 3, or withheld",,"fewer than 3, or withheld",,0,0');
    expect(lines.at(-2)).toBe(',Total,,,9,,5,,3,');
    expect(lines).toHaveLength(EXPECTED.length + 3);
    expect((await staff.get('/api/staff/reports/equality', { accept: 'text/csv' })).body).toBe(csv.body);
  });

  it('draws a member limited to programs for all of them together', async () => {
    const both = await staffWithRoles(t, 'eq-both@college.test', ['reader'], ['MAE', 'MAAS']);
    const drawn = await report(both);
    expect(drawn.filters.program).toBeNull();
    expect(drawn.filters.programs.map((p) => p.code).sort()).toEqual(['MAAS', 'MAE']);
    expect(drawn.totals).toEqual({ applied: 9, offered: 5, accepted: 3 });
    expect(drawn.rows).toEqual(EXPECTED);
    // A scope of no application at all is drawn: every count 0, no one's answer.
    const none = await report(await staffWithRoles(t, 'eq-none@college.test', ['reader'], ['BMN']));
    expect(none.totals).toEqual({ applied: 0, offered: 0, accepted: 0 });
    expect(none.rows.every((r) => [r.applied, r.offered, r.accepted].every((c) => c.count === 0))).toBe(true);
  });

  it('refuses a scope of fewer than min_cell applications, as JSON and as CSV', async () => {
    // Limited to MAAS, the member's scope is e9 alone: one hidden cell among zeros would be that applicant's answer.
    const reader = await staffWithRoles(t, 'eq-reader@college.test', ['reader'], ['MAAS']);
    const message =
      "Fewer than 3 submitted applications in this choice: the equality report is not shown for so few, so no one's answers can be told.";
    for (const res of [
      await reader.get('/api/staff/reports/equality'),
      await reader.get('/api/staff/reports/equality?format=csv'),
      await reader.get('/api/staff/reports/equality', { accept: 'text/csv' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'REPORT_SCOPE_TOO_SMALL', message });
    }
    const reviewer = await staffWithRoles(t, 'eq-reviewer@college.test', ['reviewer']);
    expect((await reviewer.get('/api/staff/reports/equality')).json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
  });

  it('is never drawn for one program: ?program= is 400, for any member and any program', async () => {
    const reader = await staffWithRoles(t, 'eq-maas@college.test', ['reader'], ['MAAS']);
    for (const [client, query] of [
      [staff, '?program=MAAS'],
      [staff, '?program=MAE&format=csv'],
      [staff, '?program=NOPE'],
      [reader, '?program=MAAS'],
      [reader, '?program=MAE'],
    ] as const) {
      const res = await client.get(`/api/staff/reports/equality${query}`);
      expect({ query, status: res.statusCode, code: res.json().code }).toEqual({
        query,
        status: 400,
        code: 'REPORT_PROGRAM_NOT_ALLOWED',
      });
    }
    // The other reports still are.
    expect((await staff.get('/api/staff/reports/funnel?program=MAAS')).statusCode).toBe(200);
  });

  it('neutralises a formula in a stored answer no option has', async () => {
    // The answer API refuses a value outside the options: only a form changed since could leave one stored,
    // so the database is written directly.
    await t.db.query(
      `UPDATE applications SET answers = answers || '{"gender": "=HYPERLINK(\\"x\\")"}' WHERE user_id = $1`,
      [e8],
    );
    const csv = (await staff.get('/api/staff/reports/equality?format=csv')).body;
    expect(csv).toContain(
      `gender,Gender,"'=HYPERLINK(""x"")","'=HYPERLINK(""x"")","fewer than 3, or withheld",,0,0,0,0\r\n`,
    );
  });
});
