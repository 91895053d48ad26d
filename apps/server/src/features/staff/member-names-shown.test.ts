import {
  checklistReceiptsPath,
  checklistRequestsPath,
  checklistWaiversPath,
  type AuditResponse,
  type DecisionHistoryResponse,
  type ReviewersReport,
  type StaffApplicationDetail,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Names, not e-mails (issue 49): wherever the office's answers name a member by address (the audit log, the
 * reviewers report, the checklist's requests, receipts and waivers, the decisions' history), they give the
 * member's name beside it; null for a member without one (here the STAFF_EMAILS administrator), so the console
 * shows the address then.
 */
let t: TestApp;
let admin: TestClient;
let grace: TestClient;
let ada: Applicant;
const GRACE = 'shown-grace@college.test';
const TRANSCRIPT = 'college_transcript_upload';

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  ada = await submittedApplicant(t, 'shown-ada@example.edu', { first_name: 'Ada', last_name: 'Lovelace' });
  // A decider who also reviews: she asks for, receives and waives items, scores and decides.
  expect(
    (
      await admin.post('/api/staff/team', {
        email: GRACE,
        name: 'Grace Hopper',
        roles: ['decider', 'reviewer'],
        programs: null,
      })
    ).statusCode,
  ).toBe(201);
  grace = await loggedInClient(t, GRACE);
  const id = ada.userId;
  await expectOk(await grace.post(checklistRequestsPath(id), { item_key: TRANSCRIPT, message: 'A clearer copy.' }));
  await expectOk(await grace.post(checklistReceiptsPath(id), { item_key: TRANSCRIPT, note: 'Paper copy by post.' }));
  await expectOk(await grace.post(checklistWaiversPath(id), { item_key: 'answers:about', reason: 'Known to us.' }));
  await expectOk(await admin.post('/api/staff/assignments', { reviewer: GRACE, application_ids: [id] }));
  const scores = { academic: 4, statement: 4, recommendations: 4 };
  await expectOk(await grace.put(`/api/staff/applications/${id}/review`, { scores, comment: '', submit: true }));
  await expectOk(await grace.put(`/api/staff/applications/${id}/decision`, { code: 'admit' }));
  await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [id] }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a member’s name beside the address', () => {
  it('in the audit log: the member’s name for her entries, null for the administrator without one', async () => {
    const log = (await expectOk(await admin.get('/api/staff/audit'))).json<AuditResponse>();
    const hers = log.entries.filter((e) => e.staff_email === GRACE);
    expect(hers.map((e) => e.action)).toEqual(
      expect.arrayContaining(['request-item', 'receive-item', 'waive-item', 'record-decision']),
    );
    for (const e of hers) expect(e.staff_name).toBe('Grace Hopper');
    const theirs = log.entries.filter((e) => e.staff_email === STAFF_EMAIL);
    expect(theirs.length).toBeGreaterThan(0);
    for (const e of theirs) expect(e.staff_name).toBeNull();
  });

  it('in the reviewers report, and in a last column of its CSV', async () => {
    const report = (await expectOk(await admin.get('/api/staff/reports/reviewers'))).json<ReviewersReport>();
    expect(report.rows).toEqual([expect.objectContaining({ reviewer: GRACE, reviewer_name: 'Grace Hopper' })]);
    const csv = (await expectOk(await admin.get('/api/staff/reports/reviewers?format=csv'))).body.split('\r\n');
    expect(csv[0]).toMatch(/,Reviewer name$/);
    expect(csv[1]).toMatch(new RegExp(`^${GRACE},.*,Grace Hopper$`));
  });

  it('in the checklist: who asked for, received and waived each item', async () => {
    const detail = (
      await expectOk(await admin.get(`/api/staff/applications/${ada.userId}`))
    ).json<StaffApplicationDetail>();
    const transcript = detail.checklist.find((i) => i.key === TRANSCRIPT);
    expect(transcript?.request).toMatchObject({ requested_by: GRACE, requested_by_name: 'Grace Hopper' });
    expect(transcript?.receipt).toMatchObject({ received_by: GRACE, received_by_name: 'Grace Hopper' });
    const about = detail.checklist.find((i) => i.key === 'answers:about');
    expect(about).toMatchObject({ waiver_reason: 'Known to us.', waived_by: GRACE, waived_by_name: 'Grace Hopper' });
  });

  it('in the decisions’ history: who recorded it (by name) and who released it (no name: null)', async () => {
    const history = (
      await expectOk(await admin.get(`/api/staff/applications/${ada.userId}/decisions`))
    ).json<DecisionHistoryResponse>();
    expect(history.history[0]).toMatchObject({
      decided_by: GRACE,
      decided_by_name: 'Grace Hopper',
      released_by: STAFF_EMAIL,
      released_by_name: null,
    });
  });
});
