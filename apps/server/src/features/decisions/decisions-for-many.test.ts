import type { ApplicantStatusResponse, DecisionHistoryResponse } from '@admissions/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRowsOf } from '../../session/audit-log';
import { loggedInClient } from '../../test-support/application-helpers';
import {
  applicantWith,
  STAFF_EMAIL,
  STAFF_ENV,
  submittedApplicant,
  type Applicant,
} from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const applicant = () => submittedApplicant(t, `many-${++n}@example.edu`, { first_name: `Ada${n}` });
const historyOf = async (userId: string) =>
  (await expectOk(await staff.get(`/api/staff/applications/${userId}/decisions`))).json<DecisionHistoryResponse>();
const decisionSeenBy = async (a: Applicant) =>
  (await expectOk(await a.client.get('/api/status'))).json<ApplicantStatusResponse>().decision;

describe('decisions for many (issue 41)', () => {
  it('records one decision for every application selected, in one call, provisional and audited each', async () => {
    const [a, b, c] = [await applicant(), await applicant(), await applicant()];
    const res = await expectOk(
      await staff.post('/api/staff/decisions/record', {
        application_ids: [a.userId, b.userId, c.userId],
        code: 'admit_conditional',
        conditions: ['A final transcript'],
      }),
    );
    expect(res.json()).toEqual({
      count: 3,
      message: '3 decisions are recorded. They stay provisional until they are released.',
    });
    for (const x of [a, b, c]) {
      expect((await historyOf(x.userId)).current).toMatchObject({
        code: 'admit_conditional',
        status: 'provisional',
        conditions: ['A final transcript'],
        decided_by: STAFF_EMAIL,
      });
      expect(await decisionSeenBy(x)).toBeNull();
      expect((await auditRowsOf(t.db, x.userId)).filter((r) => r.action === 'record-decision')).toHaveLength(1);
    }
  });

  it('records none when one selected application cannot take a decision, and names it', async () => {
    const a = await applicant();
    const draft = await applicantWith(t, `many-draft@example.edu`, { first_name: 'Dora' });
    const res = await staff.post('/api/staff/decisions/record', {
      application_ids: [a.userId, draft.userId],
      code: 'waitlist',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'APPLICATION_NOT_SUBMITTED',
      errors: { application_ids: [draft.userId] },
    });
    expect((await historyOf(a.userId)).current).toBeNull();
  });

  it('takes the selected applications out of a scheduled release; the release left empty is cancelled', async () => {
    const [a, b] = [await applicant(), await applicant()];
    await expectOk(
      await staff.post('/api/staff/decisions/record', { application_ids: [a.userId, b.userId], code: 'admit' }),
    );
    const at = new Date(t.clock.now().getTime() + DAY).toISOString();
    const release = (
      await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [a.userId, b.userId], at }))
    ).json<{ release_id: string }>();

    const one = await expectOk(await staff.post('/api/staff/decisions/cancel', { application_ids: [a.userId] }));
    expect(one.json()).toEqual({
      count: 1,
      message: '1 application was taken out of a scheduled release. Its decision stays provisional.',
    });
    expect((await historyOf(a.userId)).current?.scheduled_release).toBeNull();
    expect((await historyOf(b.userId)).current?.scheduled_release).toMatchObject({
      release_id: release.release_id,
      at,
    });
    expect((await auditRowsOf(t.db, a.userId)).map((r) => r.action)).toContain('cancel-release');

    await expectOk(await staff.post('/api/staff/decisions/cancel', { application_ids: [b.userId] }));
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM decision_releases WHERE id = $1', [
      release.release_id,
    ]);
    expect(rows[0]?.status).toBe('cancelled');
    // Nothing left to take out: nothing happens.
    expect(
      (
        await expectOk(await staff.post('/api/staff/decisions/cancel', { application_ids: [a.userId, b.userId] }))
      ).json(),
    ).toMatchObject({ count: 0 });
  });

  it('answers a dry run naming 5,000 made-up ids with one 404 in a bounded number of statements (issue 48)', async () => {
    const a = await applicant();
    const madeUp = Array.from({ length: 5000 }, () => randomUUID());
    const query = vi.spyOn(t.db, 'query');
    try {
      const res = await staff.post('/api/staff/decisions/release', {
        application_ids: [a.userId, ...madeUp],
        dry_run: true,
      });
      expect(res.statusCode).toBe(404);
      const named = res.json<{ errors: { application_ids: string[] } }>().errors.application_ids;
      expect(named).toHaveLength(100);
      expect(madeUp).toEqual(expect.arrayContaining(named));
      // The session, the member, the own-application check, the index read, one reindex pass, the read again:
      // what one id costs, not one statement per id.
      expect(query.mock.calls.length).toBeLessThan(30);
    } finally {
      query.mockRestore();
    }
  });
});
