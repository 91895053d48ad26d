import type { ReviewersReport } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';
import { decideAndRelease, moveToPastCycle, submitted } from './reports.test-helpers';

/**
 * The reviewers report on a fixture built through the API (issue 47). Every score gives each criterion the same
 * value, so the overall (their average) is that value. Day 0: rev1 is assigned p1, p2, p3, q1 (MAAS) and x;
 * rev2 p1, p2; rev3 p1, p3.
 *
 *   day 1: rev1 submits p1 = 4, rev2 submits p1 = 2
 *   day 2: rev1 submits p2 = 3, rev3 submits p1 = 3; p2's admit is released, then changed to a deny
 *   day 3: rev1 submits q1 = 5, rev2 saves a draft of p2 = 5 (a draft: never counted)
 *   day 4: rev1 submits x = 1 (x then moves to cycle 2025-26), rev3 submits p3 = 4; p3 is withdrawn
 *
 * Worked out, open cycle, every program:
 *   rev1: assigned 4 (x is last cycle's), submitted 3 after 1, 2, 3 days (median 2); scores 4, 3, 5: mean 4,
 *         population SD √(2/3) = 0.82; on p1 the others' mean is (2 + 3) / 2 = 2.5, so +1.5 (p2, q1 shared with no
 *         submitted review): mean difference 1.5
 *   rev2: assigned 2, submitted 1 after 1 day; score 2: mean 2, SD 0; on p1 2 − (4 + 3) / 2 = −1.5
 *   rev3: assigned 2, submitted 2 after 2 and 4 days (median 3); scores 3, 4: mean 3.5, SD 0.5; on p1
 *         3 − (4 + 2) / 2 = 0 (p3 shared with none): 0
 */
let t: TestApp;
let admin: TestClient;
const REV1 = 'rev1@college.test';
const REV2 = 'rev2@college.test';
const REV3 = 'rev3@college.test';
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  const p1 = await submitted(t, 'rv-p1@example.edu');
  const p2 = await submitted(t, 'rv-p2@example.edu');
  const p3 = await submitted(t, 'rv-p3@example.edu');
  const q1 = await submitted(t, 'rv-q1@example.edu', { applied_major: 'MAAS' });
  const x = await submitted(t, 'rv-x@example.edu');
  const reviewers: Record<string, TestClient> = {
    [REV1]: await staffWithRoles(t, REV1, ['reviewer']),
    [REV2]: await staffWithRoles(t, REV2, ['reviewer']),
    [REV3]: await staffWithRoles(t, REV3, ['reviewer']),
  };
  const assign = async (reviewer: string, ...ids: string[]) =>
    expectOk(await admin.post('/api/staff/assignments', { reviewer, application_ids: ids }));
  await assign(REV1, p1.userId, p2.userId, p3.userId, q1.userId, x.userId);
  await assign(REV2, p1.userId, p2.userId);
  await assign(REV3, p1.userId, p3.userId);
  const review = async (reviewer: string, userId: string, score: number, submit = true) => {
    const scores = { academic: score, statement: score, recommendations: score };
    await expectOk(await reviewers[reviewer]!.put(`/api/staff/applications/${userId}/review`, { scores, submit }));
  };
  // Sessions end after a day without a call: each day, everyone logs in afresh.
  const nextDay = async () => {
    t.clock.advance(DAY);
    admin = await anotherSession(t, STAFF_EMAIL);
    for (const email of [REV1, REV2, REV3]) reviewers[email] = await anotherSession(t, email);
  };
  await nextDay();
  await review(REV1, p1.userId, 4);
  await review(REV2, p1.userId, 2);
  await nextDay();
  await review(REV1, p2.userId, 3);
  await review(REV3, p1.userId, 3);
  await decideAndRelease(admin, p2.userId, { code: 'admit' });
  await decideAndRelease(admin, p2.userId, { code: 'deny', reasons: [{ id: 'program_full' }] });
  await nextDay();
  await review(REV1, q1.userId, 5);
  await review(REV2, p2.userId, 5, false);
  await nextDay();
  await review(REV1, x.userId, 1);
  await review(REV3, p3.userId, 4);
  const p3Again = await anotherSession(t, p3.email);
  await expectOk(await p3Again.post('/api/withdraw', { reason: 'Moving away' }));
  await moveToPastCycle(t, x.userId);
  admin = await anotherSession(t, STAFF_EMAIL);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const report = async (client: TestClient, query = '') =>
  (await expectOk(await client.get(`/api/staff/reports/reviewers${query}`))).json<ReviewersReport>();

const row = (
  reviewer: string,
  assigned: number,
  submitted: number,
  median: number | null,
  mean: number | null,
  spread: number | null,
  difference: number | null,
) => ({
  reviewer,
  // staffWithRoles names each member by their address's local part (issue 49).
  reviewer_name: reviewer.split('@')[0],
  assigned,
  submitted,
  median_days_to_review: median,
  mean_score: mean,
  score_spread: spread,
  mean_difference: difference,
});

describe('the reviewers report', () => {
  it('measures each reviewer on the submitted reviews of the cycle', async () => {
    expect((await report(admin)).rows).toEqual([
      row(REV1, 4, 3, 2, 4, 0.82, 1.5),
      row(REV2, 2, 1, 1, 2, 0, -1.5),
      row(REV3, 2, 2, 3, 3.5, 0.5, 0),
    ]);
  });

  it('draws one program, and a past cycle apart from the open one', async () => {
    expect((await report(admin, '?program=MAAS')).rows).toEqual([row(REV1, 1, 1, 3, 5, 0, null)]);
    expect((await report(admin, '?cycle=2025-26')).rows).toEqual([row(REV1, 1, 1, 4, 1, 0, null)]);
  });

  it('answers CSV', async () => {
    const csv = await admin.get('/api/staff/reports/reviewers', { accept: 'text/csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      [
        'Reviewer,Assigned,Submitted,Median days to review,Mean score,Score spread (standard deviation),Mean difference from other reviewers,Reviewer name',
        'rev1@college.test,4,3,2,4,0.82,1.5,rev1',
        // A negative number is a number, not a formula: only text is neutralised.
        'rev2@college.test,2,1,1,2,0,-1.5,rev2',
        'rev3@college.test,2,2,3,3.5,0.5,0,rev3',
        '',
      ].join('\r\n'),
    );
    expect((await admin.get('/api/staff/reports/reviewers?format=csv')).body).toBe(csv.body);
  });

  it('covers only the programs of a program-limited decider, and refuses another program with 404', async () => {
    const decider = await staffWithRoles(t, 'rv-decider@college.test', ['decider'], ['MAAS']);
    expect((await report(decider)).rows).toEqual([row(REV1, 1, 1, 3, 5, 0, null)]);
    const refused = await decider.get('/api/staff/reports/reviewers?program=MAE');
    expect(refused.statusCode).toBe(404);
  });

  it('is refused to a reader and to a reviewer (403 STAFF_RIGHT_MISSING)', async () => {
    const reader = await staffWithRoles(t, 'rv-reader@college.test', ['reader']);
    const reviewer = await anotherSession(t, REV1);
    for (const client of [reader, reviewer]) {
      const refused = await client.get('/api/staff/reports/reviewers');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
    }
  });
});
