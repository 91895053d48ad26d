import type { DecisionHistoryResponse, StaffListResponse } from '@admissions/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY, MINUTE } from '../../infra/time-units';
import { runDecisionsPass } from './decision-worker';

/**
 * The list reads each application's decision and its state from its index row
 * (decision 051): after every kind of decision change, the list's columns, its
 * two filters and the CSV say what the application's own decision page says.
 */
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});
// The clock moves by days, past a session's inactivity limit: the office logs in afresh for each test.
beforeEach(async () => {
  staff = await anotherSession(t, STAFF_EMAIL);
});

let n = 0;
const applicant = () => submittedApplicant(t, `list-state-${++n}@example.edu`);
const decide = async (userId: string, body: object) =>
  expectOk(await staff.put(`/api/staff/applications/${userId}/decision`, body));
const release = async (body: object) => (await expectOk(await staff.post('/api/staff/decisions/release', body))).json();

const listed = async (a: Applicant, filter = '') =>
  (await expectOk(await staff.get(`/api/staff/applications?q=${encodeURIComponent(a.email)}${filter}`)))
    .json<StaffListResponse>()
    .rows.filter((r) => r.email === a.email);

/** The list's row, its filters and its CSV line all say `code` and `state`, as the decision page does. */
async function expectListed(a: Applicant, code: string, label: string, state: string | null) {
  const [row] = await listed(a);
  expect(row).toMatchObject({ decision: code, decision_label: label, decision_state: state });
  if (state) {
    const history = (
      await expectOk(await staff.get(`/api/staff/applications/${a.userId}/decisions`))
    ).json<DecisionHistoryResponse>();
    expect(history.state).toBe(state);
    expect(await listed(a, `&decision_state=${state}`)).toHaveLength(1);
    expect(await listed(a, `&decision=${code}`)).toHaveLength(1);
    const other = state === 'provisional' ? 'released' : 'provisional';
    expect(await listed(a, `&decision_state=${other}`)).toHaveLength(0);
  }
  const csv = (await expectOk(await staff.get(`/api/staff/applications.csv?q=${encodeURIComponent(a.email)}`))).body;
  expect(csv.split('\n').find((line) => line.includes(a.email))).toContain(`,${label},${code},${state ?? ''}`);
}

describe("the list's decision follows each change", () => {
  it('recorded, replaced, scheduled, cancelled, released at its time, viewed and accepted', async () => {
    const a = await applicant();
    await expectListed(a, '', '', null);

    await decide(a.userId, { code: 'waitlist' });
    await expectListed(a, 'waitlist', 'Wait-listed', 'provisional');
    await decide(a.userId, { code: 'admit' });
    await expectListed(a, 'admit', 'Admitted', 'provisional');

    const at = () => new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
    const cancelled = await release({ application_ids: [a.userId], at: at() });
    await expectListed(a, 'admit', 'Admitted', 'scheduled');
    expect((await staff.delete(`/api/staff/decisions/releases/${cancelled.release_id}`)).statusCode).toBe(200);
    await expectListed(a, 'admit', 'Admitted', 'provisional');

    await release({ application_ids: [a.userId], at: at() });
    t.clock.advance(10 * MINUTE);
    staff = await anotherSession(t, STAFF_EMAIL);
    await runDecisionsPass(t.deps);
    await expectListed(a, 'admit', 'Admitted', 'released');

    a.client = await anotherSession(t, a.email);
    await expectOk(await a.client.get('/api/status'));
    await expectListed(a, 'admit', 'Admitted', 'viewed');
    await expectOk(await a.client.post('/api/decision/response', { response: 'accept' }));
    await expectListed(a, 'admit', 'Admitted', 'accepted');
  });

  it('released now, superseded by a new release, declined by default after its date, and withdrawn', async () => {
    const a = await applicant();
    await decide(a.userId, { code: 'waitlist' });
    await release({ application_ids: [a.userId] });
    await expectListed(a, 'waitlist', 'Wait-listed', 'released');
    await decide(a.userId, { code: 'admit', reply_by: new Date(t.clock.now().getTime() + 2 * DAY).toISOString() });
    // A new provisional decision on a released one: the office's current draft is what the list shows.
    await expectListed(a, 'admit', 'Admitted', 'provisional');
    await release({ application_ids: [a.userId] });
    await expectListed(a, 'admit', 'Admitted', 'released');

    t.clock.advance(2 * DAY + MINUTE);
    staff = await anotherSession(t, STAFF_EMAIL);
    await runDecisionsPass(t.deps);
    await expectListed(a, 'admit', 'Admitted', 'declined');

    const b = await applicant();
    await decide(b.userId, { code: 'waitlist' });
    await expectOk(await b.client.post('/api/withdraw', { reason: 'Another school' }));
    await expectListed(b, 'waitlist', 'Wait-listed', 'withdrawn');
  });
});
