import type { ApplicantStatusResponse, AuditResponse, DecisionHistoryResponse } from '@admissions/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { MINUTE } from '../../infra/time-units';
import { runDecisionsPass } from './decision-worker';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});
// The clock moves past each release's time: the office logs in afresh for each test.
beforeEach(async () => {
  admin = await anotherSession(t, STAFF_EMAIL);
});

let n = 0;
const applicant = (answers: Record<string, string> = {}) =>
  submittedApplicant(t, `maker-${++n}@example.edu`, { first_name: `Ada${n}`, ...answers });
const newMaker = () => `decider-${++n}@college.test`;
/** The release's notice (features/mail/messages/decision-mails.ts), as the applicant's mailbox shows it. */
const noticesTo = (a: Applicant) =>
  t.smtp.to(a.email).filter((m) => m.subject === 'An update on your Graduate Application for Admission');

const statusOf = async (a: Applicant) =>
  (await expectOk(await a.client.get('/api/status'))).json<ApplicantStatusResponse>();
const historyOf = async (a: Applicant) =>
  (await expectOk(await admin.get(`/api/staff/applications/${a.userId}/decisions`))).json<DecisionHistoryResponse>();
/** What the office's audit log shows of a release on this application (GET /api/staff/audit). */
const releaseAudit = async (a: Applicant) =>
  (await expectOk(await admin.get(`/api/staff/audit?application=${a.userId}`)))
    .json<AuditResponse>()
    .entries.filter((e) => e.action === 'release-decision' || e.action === 'cancel-release')
    .map(({ staff_email, action, detail }) => ({ staff_email, action, reason: detail.reason ?? null }));

/** The maker records an admit for each applicant and schedules their release ten minutes ahead. */
async function scheduledBy(maker: TestClient, applicants: Applicant[]): Promise<string> {
  for (const a of applicants)
    await expectOk(await maker.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
  const at = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
  const ids = applicants.map((a) => a.userId);
  const res = await expectOk(await maker.post('/api/staff/decisions/release', { application_ids: ids, at }));
  return res.json<{ release_id: string }>().release_id;
}

/** The release's time comes and the decisions job runs, as its cron would; then the mail queue drains. */
async function timeComes() {
  t.clock.advance(10 * MINUTE);
  const pass = await runDecisionsPass(t.deps);
  await t.mailDelivered();
  return pass;
}

/** Nothing of a decision reached the applicant, and the office sees it provisional with no release waiting. */
async function expectWithheld(a: Applicant, reason: string, maker: string) {
  expect((await statusOf(a)).decision).toBeNull();
  expect(noticesTo(a)).toHaveLength(0);
  const history = await historyOf(a);
  expect(history.state).toBe('provisional');
  expect(history.current).toMatchObject({ status: 'provisional', released_by: null, scheduled_release: null });
  expect(await releaseAudit(a)).toEqual([
    { staff_email: maker, action: 'cancel-release', reason },
    { staff_email: maker, action: 'release-decision', reason: null },
  ]);
}

describe('a scheduled release is carried out only as far as its maker may still release', () => {
  it('with its maker still a decider, it is released at its time and names the maker', async () => {
    const email = newMaker();
    const maker = await staffWithRoles(t, email, ['decider']);
    const a = await applicant();
    await scheduledBy(maker, [a]);
    expect((await historyOf(a)).state).toBe('scheduled');

    expect(await timeComes()).toMatchObject({ released: 1 });
    expect((await statusOf(a)).decision).toMatchObject({ code: 'admit' });
    expect(noticesTo(a)).toHaveLength(1);
    expect((await historyOf(a)).current).toMatchObject({ status: 'released', released_by: email });
  });

  type Change = (email: string) => ReturnType<TestClient['put']>;
  const changes: [string, string, Change][] = [
    ['removed from the team', 'maker-not-on-team', (email) => admin.delete(`/api/staff/team/${email}`)],
    [
      'made a reader',
      'maker-cannot-decide',
      (email) => admin.put(`/api/staff/team/${email}`, { roles: ['reader'], programs: null }),
    ],
  ];
  it.each(changes)(
    'with its maker %s before its time, nothing is released and the log says why',
    async (_, reason, change) => {
      const email = newMaker();
      const maker = await staffWithRoles(t, email, ['decider']);
      const [a, b] = [await applicant(), await applicant()];
      await scheduledBy(maker, [a, b]);
      await expectOk(await change(email));

      expect(await timeComes()).toMatchObject({ released: 0 });
      await expectWithheld(a, reason, email);
      await expectWithheld(b, reason, email);
      // The release is over: a later pass does not carry it out either.
      t.clock.advance(MINUTE);
      expect(await runDecisionsPass(t.deps)).toMatchObject({ released: 0 });
      expect((await statusOf(a)).decision).toBeNull();
    },
  );

  it('with its maker no longer seeing one program, only the applications of the programs they see are released', async () => {
    const email = newMaker();
    const maker = await staffWithRoles(t, email, ['decider'], ['MAE', 'MAPP']);
    const mae = await applicant({ applied_major: 'MAE' });
    const mapp = await applicant({ applied_major: 'MAPP' });
    await scheduledBy(maker, [mae, mapp]);
    await expectOk(await admin.put(`/api/staff/team/${email}`, { roles: ['decider'], programs: ['MAE'] }));

    expect(await timeComes()).toMatchObject({ released: 1 });
    expect((await statusOf(mae)).decision).toMatchObject({ code: 'admit' });
    expect((await historyOf(mae)).current).toMatchObject({ status: 'released', released_by: email });
    await expectWithheld(mapp, 'program-not-seen', email);
  });
});
