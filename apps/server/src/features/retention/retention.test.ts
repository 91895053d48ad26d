import type { RetentionPreviewResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY, HOUR } from '../../infra/time-units';
import { settledStatus, storedFiles, uploadAndConvert } from '../../test-support/document-helpers';
import { makePdf } from '../documents/test-files';
import { monthsBefore, planRetention } from './retention-rules';
import type { RetentionSources } from './retention-sources';
import { runRetention } from './run-retention';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

/** The clock moved to `months` calendar months after now, give or take `extraMs`. */
function advanceMonths(months: number, extraMs = 0) {
  const now = t.clock.now();
  const later = monthsBefore(now, -months);
  t.clock.advance(later.getTime() - now.getTime() + extraMs);
}
const existsIn = async (app: TestApp, userId: string) =>
  (await app.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows.length === 1;
const exists = (userId: string) => existsIn(t, userId);
const run = (sources?: RetentionSources) => runRetention(t.deps, t.app.log, sources);
/** The unsubmitted rule alone: over the years the test moves, the open cycle itself closes and its rule would join in. */
const unsubmittedOnly: RetentionSources = { closedCycles: async () => [], acceptedOffers: async () => new Set() };
const preview = async (staff: TestClient) =>
  (await expectOk(await staff.get('/api/staff/retention/preview'))).json<RetentionPreviewResponse>();
const subjects = (email: string) => t.smtp.to(email).map((m) => m.subject);
const WARNING = 'Your unfinished BWC application will be deleted in 30 days';

describe('the unsubmitted rule: 18 months untouched, warned 30 days before', () => {
  it('warns, keeps an account whose owner logs in after the warning, and deletes the other with its files', async () => {
    await loggedInClient(t, STAFF_EMAIL);
    const idle = await loggedInClient(t, 'idle@example.edu');
    const idleId = await userIdOf(t, 'idle@example.edu');
    await save(idle, { first_name: 'Ida' });
    expect(
      (await uploadAndConvert(idle, 'college_transcript_upload', 'transcript.pdf', await makePdf())).statusCode,
    ).toBe(200);
    expect((await settledStatus(idle, 'college_transcript_upload')).status).toBe('COMPLETED');
    const returning = await loggedInClient(t, 'returning@example.edu');
    await save(returning, { first_name: 'Rita' });
    const submitted = await submittedApplicant(t, 'submitted.kept@example.edu');
    // A visitor e-mailed a resume link has no account: their mail log goes after the same period.
    await expectOk(
      await t.client().post('/public/tmp', { answer: { first_name: 'Vic' }, email: 'visitor@example.edu' }),
    );

    // A day before the warning is due: nothing happens.
    advanceMonths(18, -30 * DAY - DAY);
    expect(await run(unsubmittedOnly)).toMatchObject({ warned: 0, deletedUnsubmitted: 0 });

    t.clock.advance(2 * DAY);
    expect(await run(unsubmittedOnly)).toMatchObject({ warned: 2, deletedUnsubmitted: 0 });
    await t.mailDelivered();
    expect(subjects('idle@example.edu')).toContain(WARNING);
    expect(subjects('returning@example.edu')).toContain(WARNING);
    // The deletion date is shown in the institution's zone, 30 days on.
    expect(t.smtp.last('idle@example.edu').text).toContain('Central Time on');
    // Neither a submitted application nor a staff member is warned; a second run warns no one again.
    expect(subjects(submitted.email)).not.toContain(WARNING);
    expect(subjects(STAFF_EMAIL)).not.toContain(WARNING);
    expect((await run(unsubmittedOnly)).warned).toBe(0);

    // The returning applicant logs in within the 30 days: that keeps the account.
    t.clock.advance(10 * DAY);
    await anotherSession(t, 'returning@example.edu');

    t.clock.advance(20 * DAY + HOUR);
    const staffNow = await anotherSession(t, STAFF_EMAIL);
    const dryRun = await preview(staffNow);
    expect(dryRun.rules.find((r) => r.rule === 'unsubmitted')).toMatchObject({
      months: 18,
      count: 1,
      not_shown: 0,
      applications: [{ user_id: idleId, email: 'idle@example.edu', name: 'Ida', submitted_at: null }],
    });
    expect(dryRun.time_zone).toBe('America/Chicago');
    expect(await exists(idleId)).toBe(true);

    const filesBefore = (await storedFiles(t)).filter((f) => f.startsWith(`documents/${idleId}/`));
    expect(filesBefore.length).toBeGreaterThan(0);
    const counts = await run(unsubmittedOnly);
    expect(counts).toMatchObject({ warned: 0, deletedUnsubmitted: 1, deletedClosedCycle: 0 });
    expect(counts.filesRemoved).toBeGreaterThanOrEqual(filesBefore.length);
    expect(await exists(idleId)).toBe(false);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`documents/${idleId}/`))).toEqual([]);
    expect((await idle.get('/api/profile')).statusCode).toBe(401);
    expect(await exists(await userIdOf(t, 'returning@example.edu'))).toBe(true);
    expect(await exists(submitted.userId)).toBe(true);
    expect(await exists(await userIdOf(t, STAFF_EMAIL))).toBe(true);
    // The visitor's resume link, and the letter request to the submitted applicant's recommender (no account).
    expect(counts.mailLogWithoutAccount).toBe(2);
    const mailLogRows = async (email: string) =>
      (await t.db.query('SELECT 1 FROM mail_log WHERE email_norm = $1', [email])).rows.length;
    expect(await mailLogRows('visitor@example.edu')).toBe(0);
    expect(await mailLogRows('grace.hopper@example.edu')).toBe(0);
    expect(await mailLogRows('idle@example.edu')).toBe(0);
    expect(await mailLogRows('returning@example.edu')).toBeGreaterThan(0);

    // The kept account ages again from its login, and is warned again only then.
    expect((await run(unsubmittedOnly)).warned).toBe(0);
    advanceMonths(18, -30 * DAY);
    expect((await run(unsubmittedOnly)).warned).toBe(1);
  });
});

describe('the closed-cycle rule', () => {
  let closedLongAgo: Applicant;
  let accepted: Applicant;
  let closedRecently: Applicant;
  let noCycle: Applicant;
  // An app of its own: the unsubmitted rule above moved its clock years on, past every program's deadline.
  let tc: TestApp;
  afterAll(async () => {
    await tc?.close();
  });
  beforeAll(async () => {
    tc = await startTestApp(STAFF_ENV);
    closedLongAgo = await submittedApplicant(tc, 'cycle.old@example.edu');
    accepted = await submittedApplicant(tc, 'cycle.accepted@example.edu');
    closedRecently = await submittedApplicant(tc, 'cycle.recent@example.edu');
    noCycle = await submittedApplicant(tc, 'cycle.none@example.edu');
    // Applications of two earlier cycles, written as such.
    for (const [a, cycle] of [
      [closedLongAgo, '2024'],
      [accepted, '2024'],
      [closedRecently, '2026'],
    ] as const) {
      await tc.db.query('UPDATE applications SET cycle_id = $2 WHERE user_id = $1', [a.userId, cycle]);
    }
  });

  const sources = (): RetentionSources => ({
    closedCycles: async () => [
      { id: '2024', closed_at: monthsBefore(tc.clock.now(), 25) },
      { id: '2026', closed_at: monthsBefore(tc.clock.now(), 23) },
    ],
    acceptedOffers: async (_deps, userIds) => new Set(userIds.filter((id) => id === accepted.userId)),
  });

  it('plans to delete the applications of a cycle closed 24 months ago, not an accepted offer', async () => {
    const plan = await planRetention(tc.deps, sources(), tc.clock.now());
    expect(plan.closedCycle.map((c) => c.email)).toEqual(['cycle.old@example.edu']);
    expect(plan.keptForAcceptedOffer).toBe(1);
  });

  it('deletes them with their accounts, and keeps the accepted offer, the recent cycle and no cycle', async () => {
    const counts = await runRetention(tc.deps, tc.app.log, sources());
    expect(counts).toMatchObject({ deletedClosedCycle: 1, keptForAcceptedOffer: 1 });
    expect(await existsIn(tc, closedLongAgo.userId)).toBe(false);
    expect((await closedLongAgo.client.get('/api/profile')).statusCode).toBe(401);
    for (const kept of [accepted, closedRecently, noCycle]) expect(await existsIn(tc, kept.userId)).toBe(true);
    // With the product's own sources: the open cycle has not closed yet, so this rule deletes nothing.
    expect((await runRetention(tc.deps, tc.app.log)).deletedClosedCycle).toBe(0);
  });
});

describe("the closed-cycle rule with the product's own sources: cycle_history and released decisions", () => {
  let tr: TestApp;
  afterAll(async () => {
    await tr?.close();
  });

  it('keeps an application whose offer was accepted, deletes the others once 24 months have passed, and the preview agrees', async () => {
    tr = await startTestApp(STAFF_ENV);
    const staff = await loggedInClient(tr, STAFF_EMAIL);
    const accepted = await submittedApplicant(tr, 'offer.accepted@example.edu');
    const declined = await submittedApplicant(tr, 'offer.declined@example.edu');
    const undecided = await submittedApplicant(tr, 'offer.none@example.edu');
    // Accepted only while provisional: never released, so never the applicant's answer.
    const draftOnly = await submittedApplicant(tr, 'offer.draft@example.edu');
    for (const a of [accepted, declined, draftOnly])
      await expectOk(await staff.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    await expectOk(
      await staff.post('/api/staff/decisions/release', { application_ids: [accepted.userId, declined.userId] }),
    );
    await expectOk(await accepted.client.post('/api/decision/response', { response: 'accept' }));
    await expectOk(await declined.client.post('/api/decision/response', { response: 'decline' }));

    // Every application belongs to the open cycle, whose close boot recorded.
    const { rows } = await tr.db.query<{ cycle_id: string; closes_at: Date }>(
      `SELECT h.cycle_id, h.closes_at FROM cycle_history h JOIN applications a ON a.cycle_id = h.cycle_id
       WHERE a.user_id = $1`,
      [accepted.userId],
    );
    const cycle = rows[0]!;
    const dueAt = monthsBefore(new Date(cycle.closes_at), -24);
    // The clock moves two years: the office logs in afresh for each dry run.
    const previewNow = async () => preview(await anotherSession(tr, STAFF_EMAIL));
    const closedRule = (body: RetentionPreviewResponse) => body.rules.find((r) => r.rule === 'closed_cycle')!;

    // A day before the cycle's close plus 24 months: nothing is due yet.
    tr.clock.advance(dueAt.getTime() - tr.clock.now().getTime() - DAY);
    expect(closedRule(await previewNow())).toMatchObject({ count: 0, applications: [] });
    expect((await runRetention(tr.deps, tr.app.log)).deletedClosedCycle).toBe(0);
    expect(await existsIn(tr, undecided.userId)).toBe(true);

    // A day after: three go, the accepted offer stays.
    tr.clock.advance(2 * DAY);
    const dryRun = await previewNow();
    expect(closedRule(dryRun)).toMatchObject({ months: 24, count: 3, not_shown: 0 });
    expect(
      closedRule(dryRun)
        .applications.map((a) => [a.email, a.cycle_id])
        .sort(),
    ).toEqual([declined, draftOnly, undecided].map((a) => [a.email, cycle.cycle_id]).sort());
    expect(dryRun.kept_for_accepted_offer).toBe(1);

    const counts = await runRetention(tr.deps, tr.app.log);
    expect(counts).toMatchObject({ deletedClosedCycle: 3, keptForAcceptedOffer: 1 });
    expect(await existsIn(tr, accepted.userId)).toBe(true);
    for (const gone of [declined, draftOnly, undecided]) expect(await existsIn(tr, gone.userId)).toBe(false);
    // The next dry run has nothing left to delete, and still counts the accepted offer it keeps.
    const after = await previewNow();
    expect(closedRule(after)).toMatchObject({ count: 0, applications: [] });
    expect(after.kept_for_accepted_offer).toBe(1);
  });
});

describe('GET /api/staff/retention/preview', () => {
  it('answers an administrator and writes the dry run to the audit log', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    const body = await preview(staff);
    expect(body.rules.map((r) => [r.rule, r.months])).toEqual([
      ['unsubmitted', 18],
      ['closed_cycle', 24],
    ]);
    expect(body.as_of).toBe(t.clock.now().toISOString());
    const { rows } = await t.db.query<{ action: string; detail: Record<string, number> }>(
      `SELECT action, detail FROM staff_audit_log WHERE action = 'retention-preview' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({
      action: 'retention-preview',
      detail: { unsubmitted: body.rules[0]!.count, closed_cycle: body.rules[1]!.count },
    });
  });

  it('answers 403 to an applicant (audited as a denial) and 401 without a session', async () => {
    const applicant = await loggedInClient(t, 'curious@example.edu');
    const refused = await applicant.get('/api/staff/retention/preview');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_ONLY' });
    const { rows } = await t.db.query<{ detail: { route: string } }>(
      `SELECT detail FROM staff_audit_log WHERE action = 'denied' AND staff_email = 'curious@example.edu'`,
    );
    expect(rows.map((r) => r.detail.route)).toEqual(['/api/staff/retention/preview']);
    const anonymous = await t.client().get('/api/staff/retention/preview');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
