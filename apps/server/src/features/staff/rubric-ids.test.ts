import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Criterion ids (issue 49): made by the server once, never typed and never changed, so renaming a criterion's
 * label keeps every earlier score under it. The seeded default rubric has academic, statement, recommendations.
 */
let t: TestApp;
let admin: TestClient;
let reviewer: TestClient;
let mae: Applicant;
const REVIEWER = 'rename-reviewer@college.test';

interface Criterion {
  id?: string;
  label: string;
  min: number;
  max: number;
}
type Rubrics = Record<string, { criteria: Criterion[]; overall: string }>;

const rubrics = async (): Promise<Rubrics> => (await expectOk(await admin.get('/api/staff/rubrics'))).json();

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  mae = await submittedApplicant(t, 'rename-mae@example.edu', { first_name: 'Rena' });
  expect(
    (await admin.post('/api/staff/team', { email: REVIEWER, name: 'Reviewer', roles: ['reviewer'], programs: null }))
      .statusCode,
  ).toBe(201);
  reviewer = await loggedInClient(t, REVIEWER);
  await expectOk(await admin.post('/api/staff/assignments', { reviewer: REVIEWER, application_ids: [mae.userId] }));
});
afterAll(async () => {
  await t?.close();
});

describe('criterion ids', () => {
  it('a new criterion is sent without an id and the server makes one; saving again keeps it', async () => {
    const before = await rubrics();
    const criteria = [...before.default!.criteria, { label: 'Interview', min: 1, max: 5 }];
    const saved: Rubrics = (
      await expectOk(await admin.put('/api/staff/rubrics', { default: { ...before.default, criteria } }))
    ).json();
    const made = saved.default!.criteria[3]!;
    expect(made).toMatchObject({ label: 'Interview', min: 1, max: 5 });
    expect(made.id).toMatch(/^[a-z0-9][a-z0-9_-]{0,39}$/);
    expect(saved.default!.criteria.slice(0, 3)).toEqual(before.default!.criteria);
    // Sent back with its id (as the editor does), it stays; GET agrees with PUT.
    const again: Rubrics = (await expectOk(await admin.put('/api/staff/rubrics', saved))).json();
    expect(again.default!.criteria.map((c) => c.id)).toEqual(saved.default!.criteria.map((c) => c.id));
    expect(await rubrics()).toEqual(again);
    // Two new criteria get two ids.
    const two = [...again.default!.criteria, { label: 'Essay', min: 1, max: 5 }, { label: 'Essay', min: 1, max: 5 }];
    const both: Rubrics = (
      await expectOk(await admin.put('/api/staff/rubrics', { default: { ...again.default, criteria: two } }))
    ).json();
    expect(new Set(both.default!.criteria.map((c) => c.id)).size).toBe(6);
    // Put back as it was for the other tests.
    await expectOk(await admin.put('/api/staff/rubrics', before));
  });

  it('an id the rubrics do not have is refused: an existing criterion’s id never changes', async () => {
    const before = await rubrics();
    const renamed = before.default!.criteria.map((c) => (c.id === 'academic' ? { ...c, id: 'academics' } : c));
    const res = await admin.put('/api/staff/rubrics', { default: { ...before.default, criteria: renamed } });
    expect([res.statusCode, res.json().code]).toEqual([400, 'RUBRIC_INVALID']);
    expect(res.json().errors).toEqual({ 'default.criteria.0.id': ['unknown criterion id'] });
    expect(await rubrics()).toEqual(before);
    // A program's own rubric may start from the default's criteria, ids and all.
    const own = await admin.put('/api/staff/rubrics', { ...before, MAE: structuredClone(before.default) });
    expect((await expectOk(own)).json().MAE.criteria).toEqual(before.default!.criteria);
    await expectOk(await admin.put('/api/staff/rubrics', before));
  });

  it('renaming a criterion keeps every earlier score under it, and the review shows the new label', async () => {
    await expectOk(
      await reviewer.put(`/api/staff/applications/${mae.userId}/review`, {
        scores: { academic: 4, statement: 5, recommendations: 3 },
        comment: 'Admit.',
        submit: true,
      }),
    );
    const before = await rubrics();
    const renamed = before.default!.criteria.map((c) => (c.id === 'academic' ? { ...c, label: 'Academic record' } : c));
    const saved: Rubrics = (
      await expectOk(await admin.put('/api/staff/rubrics', { default: { ...before.default, criteria: renamed } }))
    ).json();
    expect(saved.default!.criteria[0]).toEqual({ id: 'academic', label: 'Academic record', min: 1, max: 5 });
    const reviews = (await expectOk(await admin.get(`/api/staff/applications/${mae.userId}/reviews`))).json();
    const [other] = reviews.others;
    const labelOf = (id: string) => reviews.rubric.criteria.find((c: Criterion) => c.id === id)?.label;
    expect(Object.entries(other.scores).map(([id, score]) => [labelOf(id), score])).toEqual([
      ['Academic record', 4],
      ['Statement of purpose', 5],
      ['Recommendations', 3],
    ]);
    // The reviewer amends without retyping: the score is still under the renamed criterion.
    const mine = (await expectOk(await reviewer.get(`/api/staff/applications/${mae.userId}/reviews`))).json().mine;
    expect(mine.scores).toEqual({ academic: 4, statement: 5, recommendations: 3 });
    await expectOk(await admin.put('/api/staff/rubrics', before));
  });

  it('a score under a removed criterion stays with its review, and an amendment may send it back unchanged', async () => {
    const before = await rubrics();
    const fewer = before.default!.criteria.filter((c) => c.id !== 'recommendations');
    await expectOk(await admin.put('/api/staff/rubrics', { default: { ...before.default, criteria: fewer } }));
    const url = `/api/staff/applications/${mae.userId}/review`;
    const amended = await reviewer.put(url, {
      scores: { academic: 5, statement: 5, recommendations: 3 },
      comment: 'Admit, warmly.',
      submit: true,
    });
    expect((await expectOk(amended)).json()).toMatchObject({
      scores: { academic: 5, statement: 5, recommendations: 3 },
      overall: 5,
    });
    const changed = await reviewer.put(url, {
      scores: { academic: 5, statement: 5, recommendations: 4 },
      comment: '',
      submit: true,
    });
    expect([changed.statusCode, changed.json().code]).toEqual([400, 'CRITERION_UNKNOWN']);
    await expectOk(await admin.put('/api/staff/rubrics', before));
  });
});
