import {
  addLocalDays,
  formatInZone,
  localDateOf,
  localDayTimeToInstant,
  type ApplicantStatusResponse,
  type DecisionHistoryResponse,
  type StaffListResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY, MINUTE } from '../../infra/time-units';
import { runDecisionsPass } from './decision-worker';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});
// Tests move the clock by days, past a session's inactivity limit: the office logs in afresh for each.
beforeEach(async () => {
  staff = await anotherSession(t, STAFF_EMAIL);
});

/** 23:59:59 in Chicago, `days` local days after the day of `at` there (issue 49). */
const endOfDayAfter = (at: Date, days: number) =>
  localDayTimeToInstant(addLocalDays(localDateOf(at, 'America/Chicago'), days), 'America/Chicago')!;

const DENY = { code: 'deny', reasons: [{ id: 'program_full' }, { id: 'other', details: 'Late <b>papers</b>' }] };
const BODIES: Record<string, object> = {
  admit: { code: 'admit' },
  admit_conditional: { code: 'admit_conditional', conditions: ['Final transcript showing your degree'] },
  waitlist: { code: 'waitlist' },
  deny: DENY,
};

const decide = (userId: string, body: object) => staff.put(`/api/staff/applications/${userId}/decision`, body);
const release = (body: object) => staff.post('/api/staff/decisions/release', body);
const statusOf = async (a: Applicant) =>
  (await expectOk(await a.client.get('/api/status'))).json<ApplicantStatusResponse>();
const historyOf = async (userId: string) =>
  (await expectOk(await staff.get(`/api/staff/applications/${userId}/decisions`))).json<DecisionHistoryResponse>();

let n = 0;
/** A submitted applicant with a name that contains markup, as someone may type it. */
const applicant = () =>
  submittedApplicant(t, `dec-${++n}@example.edu`, { first_name: `Ada${n}`, last_name: 'Love<i>lace</i>' });

/** Every word that tells a decision: its code, label, letter's opening and reasons. */
const decisionWords = [
  '"admit',
  'admit_conditional',
  'waitlist',
  '"deny"',
  'Admitted',
  'Wait-listed',
  'wait list',
  'Not admitted',
  'Congratulations',
  'conditions',
  'unable to offer',
  'more qualified applications',
  'Late',
];

describe('provisional and released decisions', () => {
  it.each(Object.keys(BODIES))(
    'a provisional %s reaches the applicant nowhere; its release shows it and mails once',
    async (code) => {
      const a = await applicant();
      const mailsBefore = t.smtp.to(a.email).length;
      const recorded = await decide(a.userId, BODIES[code]!);
      expect(recorded.statusCode).toBe(200);
      expect(recorded.json()).toMatchObject({ state: 'provisional', current: { code, status: 'provisional' } });

      const seen = [
        (await a.client.get('/api/status')).body,
        (await a.client.get('/api/profile')).body,
        (await a.client.get('/public/tenant')).body,
        (await a.client.get('/api/decision/letter.pdf')).body,
        ...t.smtp.to(a.email).map((m) => `${m.subject}\n${m.text}`),
      ].join('\n');
      for (const word of decisionWords) expect(seen).not.toContain(word);
      expect(await statusOf(a)).toMatchObject({ decision: null, withdrawn_at: null });
      expect((await a.client.get('/api/decision/letter.pdf')).statusCode).toBe(404);
      expect(t.smtp.to(a.email)).toHaveLength(mailsBefore);

      const released = await release({ application_ids: [a.userId] });
      expect(released.json()).toMatchObject({ count: 1, dry_run: false, message: '1 decision was released.' });
      const status = await statusOf(a);
      expect(status.decision).toMatchObject({ code, released_at: t.clock.now().toISOString() });
      expect(status.decision!.letter_html).toContain(`Ada${n}`);
      // Typed markup is text in the letter, never markup.
      expect(status.decision!.letter_html).not.toMatch(/<(?!\/?(p|ul|li|br)>)/);

      const mails = t.smtp.to(a.email).slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('An update on your Graduate Application for Admission');
      for (const word of decisionWords) expect(`${mails[0]!.subject}\n${mails[0]!.text}`).not.toContain(word);

      const pdf = await a.client.get('/api/decision/letter.pdf');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  );

  it("previews a scheduled release's letter with the reply-by that release gives, and the applicant reads that letter", async () => {
    const a = await applicant();
    await expectOk(await decide(a.userId, BODIES.admit!));
    const at = new Date(t.clock.now().getTime() + 3 * DAY);
    await expectOk(await release({ application_ids: [a.userId], at: at.toISOString() }));
    const preview = await historyOf(a.userId);
    // Fourteen days from the release, in the institution's zone: not fourteen days from today. At the end of that
    // day there (issue 49).
    const replyBy = formatInZone(endOfDayAfter(at, 14), 'America/Chicago');
    expect(preview.letter_html).toContain(replyBy);
    t.clock.advance(3 * DAY + MINUTE);
    await runDecisionsPass(t.deps);
    a.client = await anotherSession(t, a.email);
    expect((await statusOf(a)).decision!.letter_html).toBe(preview.letter_html);
  });

  it('shows the letter of its own code, the reasons of a deny and the reply-by date of an offer', async () => {
    const admitted = await applicant();
    await expectOk(await decide(admitted.userId, BODIES.admit_conditional!));
    const preview = await historyOf(admitted.userId);
    expect(preview.letter_html).toContain('<li>Final transcript showing your degree</li>');
    await expectOk(await release({ application_ids: [admitted.userId] }));
    const offer = (await statusOf(admitted)).decision!;
    // What the decider previewed is what the applicant reads.
    expect(offer.letter_html).toBe(preview.letter_html);
    expect(offer.reply_by).toBe(endOfDayAfter(t.clock.now(), 14).toISOString());
    expect(offer.letter_html).toContain('Central Time');
    expect(offer).toMatchObject({
      can_respond: true,
      time_zone: 'America/Chicago',
      conditions: ['Final transcript showing your degree'],
    });

    const denied = await applicant();
    await expectOk(await decide(denied.userId, DENY));
    await expectOk(await release({ application_ids: [denied.userId] }));
    const refusal = (await statusOf(denied)).decision!;
    expect(refusal.letter_html).toContain('unable to offer you admission');
    expect(refusal.letter_html).not.toContain('Congratulations');
    expect(refusal.reasons).toEqual([
      { id: 'program_full', label: 'The program received more qualified applications than it has places', details: '' },
      { id: 'other', label: 'Other', details: 'Late <b>papers</b>' },
    ]);
    expect(refusal).toMatchObject({ reply_by: null, can_respond: false });
  });

  it('records the first view for the office', async () => {
    const a = await applicant();
    await expectOk(await decide(a.userId, BODIES.waitlist!));
    await expectOk(await release({ application_ids: [a.userId] }));
    expect((await historyOf(a.userId)).state).toBe('released');
    await statusOf(a);
    expect((await historyOf(a.userId)).state).toBe('viewed');
  });

  it('a later provisional decision replaces the draft; a released one is superseded only by the next release', async () => {
    const a = await applicant();
    await expectOk(await decide(a.userId, BODIES.deny!));
    t.clock.advance(MINUTE);
    await expectOk(await decide(a.userId, BODIES.waitlist!));
    await expectOk(await release({ application_ids: [a.userId] }));
    t.clock.advance(MINUTE);
    await expectOk(await decide(a.userId, BODIES.admit!));
    // The applicant still reads the wait list until the admission is released.
    expect((await statusOf(a)).decision).toMatchObject({ code: 'waitlist' });
    expect((await historyOf(a.userId)).state).toBe('provisional');
    await expectOk(await release({ application_ids: [a.userId] }));
    expect((await statusOf(a)).decision).toMatchObject({ code: 'admit' });
    const history = await historyOf(a.userId);
    expect(history.history.map((h) => [h.code, h.status, h.decided_by])).toEqual([
      ['admit', 'released', STAFF_EMAIL],
      ['waitlist', 'superseded', STAFF_EMAIL],
      ['deny', 'replaced', STAFF_EMAIL],
    ]);
    const audit = await t.db.query<{ action: string }>(
      'SELECT action FROM staff_audit_log WHERE application_user_id = $1 ORDER BY id',
      [a.userId],
    );
    expect(audit.rows.map((r) => r.action).filter((x) => x !== 'view-decisions')).toEqual([
      'record-decision',
      'record-decision',
      'release-decision',
      'record-decision',
      'release-decision',
    ]);
  });
});

describe('scheduled releases', () => {
  it('releases at its instant the latest provisional decision, and a cancelled one releases nothing', async () => {
    const a = await applicant();
    const b = await applicant();
    await expectOk(await decide(a.userId, BODIES.waitlist!));
    await expectOk(await decide(b.userId, BODIES.admit!));
    const at = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();

    const dry = (await expectOk(await release({ application_ids: [a.userId, b.userId], at, dry_run: true }))).json();
    expect(dry).toMatchObject({ release_id: null, count: 2, dry_run: true });
    expect(dry.applications).toHaveLength(2);
    expect((await historyOf(a.userId)).state).toBe('provisional');

    const scheduled = (await expectOk(await release({ application_ids: [a.userId], at }))).json();
    expect(scheduled).toMatchObject({
      count: 1,
      at: new Date(at).toISOString(),
      message: '1 decision is scheduled for release.',
    });
    const other = (await expectOk(await release({ application_ids: [b.userId], at }))).json();
    expect((await historyOf(a.userId)).state).toBe('scheduled');
    // Changed after it was scheduled: the latest is released.
    await expectOk(await decide(a.userId, BODIES.admit!));

    const cancel = await staff.delete(`/api/staff/decisions/releases/${other.release_id}`);
    expect(cancel.statusCode).toBe(200);
    expect((await staff.delete(`/api/staff/decisions/releases/${other.release_id}`)).json()).toMatchObject({
      code: 'RELEASE_NOT_SCHEDULED',
    });

    t.clock.advance(9 * MINUTE);
    await runDecisionsPass(t.deps);
    expect((await statusOf(a)).decision).toBeNull();
    t.clock.advance(MINUTE);
    await runDecisionsPass(t.deps);
    await t.mailDelivered();
    expect((await statusOf(a)).decision).toMatchObject({ code: 'admit' });
    expect((await statusOf(b)).decision).toBeNull();
    expect((await historyOf(b.userId)).state).toBe('provisional');
    // A release carried out cannot be cancelled.
    expect((await staff.delete(`/api/staff/decisions/releases/${scheduled.release_id}`)).statusCode).toBe(409);
  });
});

describe('the applicant answers', () => {
  it('accepts before the date with a confirmation e-mail; the office sees accepted; a second answer is refused', async () => {
    const a = await applicant();
    await expectOk(await decide(a.userId, BODIES.admit!));
    await expectOk(await release({ application_ids: [a.userId] }));
    const res = await a.client.post('/api/decision/response', { response: 'accept' });
    expect(res.json()).toEqual({ message: 'Thank you. You accepted the offer; we sent you a confirmation by e-mail.' });
    expect(t.smtp.last(a.email).subject).toBe('You accepted the offer of Brightwater College');
    expect((await statusOf(a)).decision).toMatchObject({ response: 'accept', can_respond: false });
    expect((await historyOf(a.userId)).state).toBe('accepted');
    const list = (
      await expectOk(await staff.get('/api/staff/applications?decision_state=accepted'))
    ).json<StaffListResponse>();
    expect(list.rows.map((r) => [r.email, r.decision_label])).toContainEqual([a.email, 'Admitted']);
    const again = await a.client.post('/api/decision/response', { response: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DECISION_REPLY_CLOSED' });
    // Withdrawal ends with an accepted offer.
    expect((await a.client.post('/api/withdraw', {})).json()).toMatchObject({ code: 'OFFER_ACCEPTED' });
  });

  it('an unanswered offer is declined by default after its date, with an e-mail; a late answer is refused with 409', async () => {
    const a = await applicant();
    const replyBy = new Date(t.clock.now().getTime() + 3 * DAY).toISOString();
    await expectOk(await decide(a.userId, { code: 'admit', reply_by: replyBy }));
    await expectOk(await release({ application_ids: [a.userId] }));
    t.clock.advance(3 * DAY - MINUTE);
    await runDecisionsPass(t.deps);
    a.client = await anotherSession(t, a.email);
    expect((await statusOf(a)).decision).toMatchObject({ response: null, can_respond: true });
    t.clock.advance(2 * MINUTE);
    a.client = await anotherSession(t, a.email);
    staff = await anotherSession(t, STAFF_EMAIL);
    const late = await a.client.post('/api/decision/response', { response: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'DECISION_REPLY_CLOSED' });
    await runDecisionsPass(t.deps);
    await t.mailDelivered();
    expect((await statusOf(a)).decision).toMatchObject({
      response: 'decline',
      response_by_default: true,
      can_respond: false,
    });
    expect(t.smtp.last(a.email).subject).toBe('Your offer from Brightwater College has lapsed');
    expect((await historyOf(a.userId)).state).toBe('declined');
  });

  it('withdraws a submitted application; the office sees withdrawn and can decide no more', async () => {
    const a = await applicant();
    await expectOk(await decide(a.userId, BODIES.waitlist!));
    const res = await a.client.post('/api/withdraw', { reason: 'I chose another school' });
    expect(res.json()).toEqual({ message: 'Your application was withdrawn; we sent you a confirmation by e-mail.' });
    expect(t.smtp.last(a.email).subject).toBe('You withdrew your Graduate Application for Admission');
    expect((await statusOf(a)).withdrawn_at).toBe(t.clock.now().toISOString());
    expect(await historyOf(a.userId)).toMatchObject({
      state: 'withdrawn',
      withdrawn: { reason: 'I chose another school' },
    });
    expect((await decide(a.userId, BODIES.admit!)).json()).toMatchObject({ code: 'APPLICATION_WITHDRAWN' });
    expect((await release({ application_ids: [a.userId] })).statusCode).toBe(409);
    expect((await a.client.post('/api/withdraw', {})).json()).toMatchObject({ code: 'APPLICATION_WITHDRAWN' });
  });
});

describe('bad input gets a 4xx with a stable code', () => {
  it.each([
    ['an unknown code', { code: 'maybe' }, 400, 'DECISION_CODE_UNKNOWN'],
    ['an unknown reason', { code: 'deny', reasons: [{ id: 'shoe_size' }] }, 400, 'DECISION_REASON_UNKNOWN'],
    ['a deny without a reason', { code: 'deny' }, 400, 'DECISION_REASON_REQUIRED'],
    ['missing required details', { code: 'deny', reasons: [{ id: 'other' }] }, 400, 'DECISION_DETAILS_REQUIRED'],
    ['conditions missing', { code: 'admit_conditional' }, 400, 'DECISION_CONDITIONS_REQUIRED'],
    ['a reply-by in the past', { code: 'admit', reply_by: '2020-01-01T00:00:00-06:00' }, 400, 'DECISION_TIME_IN_PAST'],
    ['a reply-by without an offset', { code: 'admit', reply_by: '2030-01-01T00:00' }, 400, 'BAD_REQUEST'],
    ['an unknown field', { code: 'admit', grade: 'A' }, 400, 'BAD_REQUEST'],
  ])('%s', async (_, body, status, code) => {
    const a = await applicant();
    expect((await expectOk(await decide(a.userId, BODIES.admit!))).statusCode).toBe(200);
    const res = await decide(a.userId, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
  });

  it('a decision on an unsubmitted application, a release without a decision, a release in the past', async () => {
    const submitted = await applicant();
    const started = await loggedInClient(t, 'started-dec@example.edu');
    await expectOk(await started.put('/api/answer', { first_name: 'Sam' }));
    const startedId = (await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'started-dec@example.edu'"))
      .rows[0]!.id;
    expect((await decide(startedId, BODIES.admit!)).json()).toMatchObject({ code: 'APPLICATION_NOT_SUBMITTED' });

    const none = await release({ application_ids: [submitted.userId] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'DECISION_MISSING', errors: { application_ids: [submitted.userId] } });
    await expectOk(await decide(submitted.userId, BODIES.admit!));
    expect((await release({ application_ids: [submitted.userId], at: '2020-01-01T00:00:00Z' })).json()).toMatchObject({
      code: 'DECISION_TIME_IN_PAST',
    });
    expect((await release({ application_ids: ['nope'] })).json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await release({ application_ids: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(404);
    expect((await submitted.client.post('/api/decision/response', { response: 'accept' })).json()).toMatchObject({
      code: 'DECISION_NO_OFFER',
    });
    expect((await submitted.client.post('/api/decision/response', { response: 'maybe' })).statusCode).toBe(400);
  });
});
