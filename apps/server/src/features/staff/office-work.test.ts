import { programLabelOf } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import {
  STAFF_EMAIL,
  STAFF_ENV,
  printToken,
  setStaffList,
  submittedApplicant,
  type Applicant,
} from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';
import { pdfText } from '../../../../../test/pdf-text';

/**
 * The office at work (issue #28), as its members see it: the team, program
 * limits, stages, assignments, the queue, blind reviews, notes and the audit
 * log. Each step asserts what a member sees on success before the refusal.
 */
let t: TestApp;
let admin: TestClient;
let mae: Applicant;
let maeTwo: Applicant;
let bmn: Applicant;
let reviewer: TestClient;
let second: TestClient;
let reader: TestClient;
const REVIEWER = 'reviewer@college.test';
const SECOND = 'second@college.test';
const READER = 'reader@college.test';

const invite = (email: string, roles: string[], programs: string[] | null) =>
  admin.post('/api/staff/team', { email, name: email.split('@')[0], roles, programs });

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  mae = await submittedApplicant(t, 'work-mae@example.edu', { first_name: 'Maeve' });
  maeTwo = await submittedApplicant(t, 'work-mae2@example.edu', { first_name: 'Mateo' });
  bmn = await submittedApplicant(t, 'work-bmn@example.edu', { first_name: 'Bina', applied_major: 'MAPP' });
  expect((await invite(REVIEWER, ['reviewer'], ['MAE'])).statusCode).toBe(201);
  expect((await invite(SECOND, ['reviewer'], null)).statusCode).toBe(201);
  expect((await invite(READER, ['reader'], null)).statusCode).toBe(201);
  reviewer = await loggedInClient(t, REVIEWER);
  second = await loggedInClient(t, SECOND);
  reader = await loggedInClient(t, READER);
});
afterAll(async () => {
  await t?.close();
});

describe('the team', () => {
  it('invites by e-mail; the invited address has its roles and programs at its login, and shows as active', async () => {
    const mail = t.smtp.to(REVIEWER).find((m) => /invited to the .* admissions office team/.test(m.subject));
    expect(mail?.text).toContain(`${new URL('/signup', t.deps.config.publicUrl)}`);
    expect(mail?.text).toContain(`as reviewer, for these programs: ${programLabelOf(t.deps.config.tenant, 'MAE')}`);
    const me = (await expectOk(await reviewer.get('/api/staff/me'))).json();
    expect(me).toMatchObject({ email: REVIEWER, roles: ['reviewer'], programs: ['MAE'] });
    expect(me.rights.sort()).toEqual(['move_stage', 'read', 'review']);
    const team = (await expectOk(await admin.get('/api/staff/team'))).json().members;
    expect(team.find((m: { email: string }) => m.email === REVIEWER)).toMatchObject({
      roles: ['reviewer'],
      programs: ['MAE'],
      status: 'active',
      from_environment: false,
    });
    expect(team.find((m: { email: string }) => m.email === STAFF_EMAIL)).toMatchObject({
      roles: ['admin'],
      from_environment: true,
    });
  });

  it('refuses an unknown program, an address already on the team, and a STAFF_EMAILS address', async () => {
    const unknown = await invite('x@college.test', ['reader'], ['NOPE']);
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'PROGRAM_UNKNOWN']);
    const again = await invite(REVIEWER, ['reader'], null);
    expect([again.statusCode, again.json().code]).toEqual([409, 'TEAM_MEMBER_EXISTS']);
    const env = await admin.put(`/api/staff/team/${STAFF_EMAIL}`, { roles: ['reader'], programs: null });
    expect([env.statusCode, env.json().code]).toEqual([409, 'TEAM_MEMBER_FROM_ENVIRONMENT']);
    const envRemove = await admin.delete(`/api/staff/team/${STAFF_EMAIL}`);
    expect([envRemove.statusCode, envRemove.json().code]).toEqual([409, 'TEAM_MEMBER_FROM_ENVIRONMENT']);
  });

  it('a change counts at the next request, with no new login', async () => {
    await expectOk(await admin.put(`/api/staff/team/${READER}`, { roles: ['reader'], programs: ['MAPP'] }));
    expect((await reader.get(`/api/staff/applications/${mae.userId}`)).statusCode).toBe(404);
    expect((await reader.get(`/api/staff/applications/${bmn.userId}`)).statusCode).toBe(200);
    await expectOk(await admin.put(`/api/staff/team/${READER}`, { roles: ['reader'], programs: null }));
    expect((await reader.get(`/api/staff/applications/${mae.userId}`)).statusCode).toBe(200);
  });
});

describe('program limits', () => {
  it('a member limited to a program sees only its applications in the list, the CSV, the detail and the print link', async () => {
    const all = (await expectOk(await admin.get('/api/staff/applications'))).json().rows;
    expect(all.map((r: { email: string }) => r.email)).toContain(bmn.email);
    const rows = (await expectOk(await reviewer.get('/api/staff/applications'))).json().rows;
    expect(rows.map((r: { email: string }) => r.email).sort()).toEqual([mae.email, maeTwo.email].sort());
    const csv = (await expectOk(await reviewer.get('/api/staff/applications.csv'))).body;
    expect(csv).toContain(mae.email);
    expect(csv).not.toContain(bmn.email);
    expect((await reviewer.get(`/api/staff/applications/${mae.userId}`)).statusCode).toBe(200);
    for (const url of [
      `/api/staff/applications/${bmn.userId}`,
      `/api/staff/applications/${bmn.userId}/packet`,
      `/api/staff/applications/${bmn.userId}/notes`,
      `/api/staff/applications/${bmn.userId}/reviews`,
    ]) {
      const res = await reviewer.get(url);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 404, code: 'NOT_FOUND' });
    }
    expect((await reviewer.post(`/api/staff/applications/${bmn.userId}/print-token`)).statusCode).toBe(404);
    const adminsLink = await printToken(admin, bmn.userId);
    expect((await reviewer.delete(`/api/staff/print-tokens/${adminsLink.id}`)).statusCode).toBe(404);
  });
});

describe('stages', () => {
  it('a submitted application enters the first stage; the list filters and sorts by stage and shows the days in it', async () => {
    const { stages } = (await expectOk(await reader.get('/api/staff/stages'))).json();
    expect(stages.map((s: { label: string }) => s.label)).toEqual([
      'Awaiting materials',
      'Ready for review',
      'Committee review',
      'Ready for decision',
    ]);
    t.clock.advance(3 * DAY);
    // Every session went idle during the jump: log in again.
    admin = await anotherSession(t, STAFF_EMAIL);
    reviewer = await anotherSession(t, REVIEWER);
    second = await anotherSession(t, SECOND);
    reader = await anotherSession(t, READER);
    const row = (await expectOk(await admin.get('/api/staff/applications?q=maeve'))).json().rows[0];
    expect(row).toMatchObject({ stage: 'awaiting-materials', stage_label: 'Awaiting materials', days_in_stage: 3 });
  });

  it('moves one application and many; refuses an unknown stage and 501 applications', async () => {
    await expectOk(await reviewer.put(`/api/staff/applications/${mae.userId}/stage`, { stage: 'committee-review' }));
    const moved = await admin.put('/api/staff/applications/stage', {
      stage: 'ready-for-review',
      application_ids: [maeTwo.userId, bmn.userId],
    });
    expect((await expectOk(moved)).json()).toEqual({ moved: 2 });
    const inReview = (await expectOk(await admin.get('/api/staff/applications?stage=ready-for-review'))).json().rows;
    expect(inReview.map((r: { email: string }) => r.email).sort()).toEqual([maeTwo.email, bmn.email].sort());
    const sorted = (await expectOk(await admin.get('/api/staff/applications?sort=stage&dir=asc'))).json().rows;
    expect(sorted.map((r: { stage: string }) => r.stage).slice(0, 3)).toEqual([
      'committee-review',
      'ready-for-review',
      'ready-for-review',
    ]);
    const unknown = await reviewer.put(`/api/staff/applications/${mae.userId}/stage`, { stage: 'limbo' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'STAGE_UNKNOWN']);
    const outside = await reviewer.put('/api/staff/applications/stage', {
      stage: 'ready-for-review',
      application_ids: [bmn.userId],
    });
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'NOT_FOUND']);
    const ids = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await admin.put('/api/staff/applications/stage', {
      stage: 'ready-for-review',
      application_ids: ids,
    });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'TOO_MANY_APPLICATIONS']);
  });

  it('an administrator edits the list; a stage still holding applications cannot be dropped', async () => {
    const inUse = await admin.put('/api/staff/stages', { stages: [{ id: 'new', label: 'New' }] });
    expect([inUse.statusCode, inUse.json().code]).toEqual([409, 'STAGE_IN_USE']);
    const { stages } = (await admin.get('/api/staff/stages')).json();
    const edited = [...stages, { id: 'interview', label: 'Interview' }];
    expect((await expectOk(await admin.put('/api/staff/stages', { stages: edited }))).json().stages).toEqual(edited);
    const dup = await admin.put('/api/staff/stages', { stages: [...edited, edited[0]] });
    expect([dup.statusCode, dup.json().code]).toEqual([400, 'STAGES_INVALID']);
  });
});

describe('assignments, the queue and reviews', () => {
  it('refuses an unknown reviewer, one without the review right, one outside the program, and 501 ids', async () => {
    const unknown = await admin.post('/api/staff/assignments', {
      reviewer: 'nobody@college.test',
      application_ids: [mae.userId],
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'REVIEWER_UNKNOWN']);
    const noRight = await admin.post('/api/staff/assignments', { reviewer: READER, application_ids: [mae.userId] });
    expect([noRight.statusCode, noRight.json().code]).toEqual([409, 'REVIEWER_CANNOT_REVIEW']);
    const outside = await admin.post('/api/staff/assignments', { reviewer: REVIEWER, application_ids: [bmn.userId] });
    expect([outside.statusCode, outside.json().code]).toEqual([409, 'REVIEWER_CANNOT_REVIEW']);
    const ids = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await admin.post('/api/staff/assignments', { reviewer: REVIEWER, application_ids: ids });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'TOO_MANY_APPLICATIONS']);
  });

  it('assigns; the queue lists the assigned applications oldest first until the review is submitted', async () => {
    const first = await admin.post('/api/staff/assignments', { reviewer: REVIEWER, application_ids: [mae.userId] });
    expect((await expectOk(first)).json()).toEqual({ assigned: 1, already_assigned: 0 });
    t.clock.advance(1000);
    const both = await admin.post('/api/staff/assignments', {
      reviewer: REVIEWER,
      application_ids: [mae.userId, maeTwo.userId],
    });
    expect(both.json()).toEqual({ assigned: 1, already_assigned: 1 });
    await expectOk(await admin.post('/api/staff/assignments', { reviewer: SECOND, application_ids: [mae.userId] }));
    const queue = (await expectOk(await reviewer.get('/api/staff/queue'))).json().items;
    expect(queue.map((i: { user_id: string }) => i.user_id)).toEqual([mae.userId, maeTwo.userId]);
    expect(queue[0]).toMatchObject({ first_name: 'Maeve', program: 'MAE', has_draft: false });
    // The read is in the audit log (written by the queue's own statement), with how many it listed.
    const log = (await expectOk(await admin.get(`/api/staff/audit?member=${REVIEWER}`))).json().entries;
    expect(log.filter((e: { action: string }) => e.action === 'view-queue')).toEqual([
      expect.objectContaining({ detail: { items: 2 } }),
    ]);
  });

  it('checks scores against the rubric, saves a draft, submits, and the list shows the score and count', async () => {
    const url = `/api/staff/applications/${mae.userId}/review`;
    const bad = [
      [{ scores: { charm: 3 }, comment: '', submit: false }, 400, 'CRITERION_UNKNOWN'],
      [{ scores: { academic: 9 }, comment: '', submit: false }, 400, 'SCORE_OUT_OF_RANGE'],
      [{ scores: { academic: 4 }, comment: '', submit: true }, 400, 'REVIEW_INCOMPLETE'],
    ] as const;
    const draft = await reviewer.put(url, { scores: { academic: 4 }, comment: 'Strong record.', submit: false });
    expect((await expectOk(draft)).json()).toMatchObject({ status: 'draft', overall: null });
    for (const [body, status, code] of bad) {
      const res = await reviewer.put(url, body);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    expect((await reviewer.get('/api/staff/queue')).json().items[0]).toMatchObject({ has_draft: true });
    const notAssigned = await reader.put(url, { scores: {}, comment: '', submit: false });
    expect(notAssigned.statusCode).toBe(403);
    const unassigned = await second.put(`/api/staff/applications/${maeTwo.userId}/review`, {
      scores: {},
      comment: '',
      submit: false,
    });
    expect([unassigned.statusCode, unassigned.json().code]).toEqual([403, 'REVIEW_NOT_ASSIGNED']);

    const submitted = await reviewer.put(url, {
      scores: { academic: 4, statement: 5, recommendations: 3 },
      comment: 'Admit.',
      submit: true,
    });
    expect((await expectOk(submitted)).json()).toMatchObject({ status: 'submitted', overall: 4 });
    const queue = (await reviewer.get('/api/staff/queue')).json().items;
    expect(queue.map((i: { user_id: string }) => i.user_id)).toEqual([maeTwo.userId]);
    const row = (await admin.get('/api/staff/applications?q=maeve')).json().rows[0];
    expect(row).toMatchObject({ overall_score: 4, review_count: 1 });
    const csv = (await admin.get('/api/staff/applications.csv?q=maeve')).body;
    expect(csv.split('\r\n')[0]).toContain('Stage,Days in stage,Overall score,Reviews');
    expect(csv.split('\r\n')[1]).toMatch(/Committee review,\d+,4,1,/);
  });

  it('blind review: another reviewer sees the others only after submitting; deciders and administrators always', async () => {
    const url = `/api/staff/applications/${mae.userId}/reviews`;
    const before = (await expectOk(await second.get(url))).json();
    expect(before).toMatchObject({ others: [], others_hidden: true, assigned_to_me: true, mine: null });
    expect(before.rubric.criteria.map((c: { id: string }) => c.id)).toEqual([
      'academic',
      'statement',
      'recommendations',
    ]);
    const adminView = (await expectOk(await admin.get(url))).json();
    expect(adminView).toMatchObject({ others_hidden: false, assigned_to_me: false });
    expect(adminView.others.map((r: { reviewer: string }) => r.reviewer)).toEqual([REVIEWER]);
    // With only a draft, the list, its sort by score, the CSV and the detail hide the score and the count
    // (issue 48, item 2): with one other review, they were that colleague's exact score.
    const draft = { scores: { academic: 2, statement: 2, recommendations: 2 }, comment: '' };
    await expectOk(await second.put(`/api/staff/applications/${mae.userId}/review`, { ...draft, submit: false }));
    const hidden = { overall_score: null, review_count: 0 };
    const listed = (await second.get('/api/staff/applications?sort=overall_score&dir=desc&q=maeve')).json().rows;
    expect(listed).toEqual([expect.objectContaining({ user_id: mae.userId, ...hidden })]);
    expect((await second.get(`/api/staff/applications/${mae.userId}`)).json()).toMatchObject(hidden);
    expect((await second.get('/api/staff/applications.csv?q=maeve')).body.split('\r\n')[1]).toMatch(
      /Committee review,\d+,,0,/,
    );
    // Sorted by score, a blind reviewer's list cannot rank the applications by their colleagues' scores.
    const byScore = (await second.get('/api/staff/applications?sort=overall_score&dir=desc')).json().rows;
    expect(byScore.map((r: { overall_score: unknown }) => r.overall_score)).toEqual(byScore.map(() => null));
    expect((await admin.get(`/api/staff/applications/${mae.userId}`)).json()).toMatchObject({
      overall_score: 4,
      review_count: 1,
    });

    await expectOk(await second.put(`/api/staff/applications/${mae.userId}/review`, { ...draft, submit: true }));
    expect((await second.get('/api/staff/applications?q=maeve')).json().rows[0]).toMatchObject({
      overall_score: 3,
      review_count: 2,
    });
    const after = (await second.get(url)).json();
    expect(after).toMatchObject({ others_hidden: false, mine: { overall: 2, status: 'submitted' } });
    expect(after.others).toMatchObject([{ reviewer: REVIEWER, overall: 4, comment: 'Admit.' }]);
    expect(
      (await admin.get('/api/staff/applications?sort=overall_score&dir=desc&q=maeve')).json().rows[0],
    ).toMatchObject({
      overall_score: 3,
      review_count: 2,
    });
  });

  it('an amendment of a submitted review is kept in the audit log', async () => {
    await expectOk(
      await reviewer.put(`/api/staff/applications/${mae.userId}/review`, {
        scores: { academic: 5, statement: 5, recommendations: 5 },
        comment: 'Admit, on reflection strongly.',
        submit: false,
      }),
    );
    const audit = (
      await expectOk(await admin.get(`/api/staff/audit?member=${REVIEWER}&application=${mae.userId}`))
    ).json();
    const amend = audit.entries.find((e: { action: string }) => e.action === 'review-amend');
    expect(amend.detail).toMatchObject({ before: { overall: 4 }, after: { overall: 5 } });
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['review-save', 'review-submit', 'review-amend', 'stage-move']),
    );
    const forbidden = await reviewer.get('/api/staff/audit');
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'STAFF_RIGHT_MISSING']);
  });
});

describe('notes', () => {
  it('one member adds a note, another reads it; the applicant, the PDF copy and the print data never carry it', async () => {
    const text = 'Call the referee before committee: NOTE-7731';
    const added = await reader.post(`/api/staff/applications/${mae.userId}/notes`, { text });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ author: READER, text });
    const notes = (await expectOk(await reviewer.get(`/api/staff/applications/${mae.userId}/notes`))).json().notes;
    expect(notes).toMatchObject([{ author: READER, text }]);
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(5001) }]) {
      const res = await reader.post(`/api/staff/applications/${mae.userId}/notes`, body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'NOTE_EMPTY']);
    }
    const applicant = await anotherSession(t, mae.email);
    const profile = await expectOk(await applicant.get('/api/profile'));
    expect(profile.json().answer).toMatchObject({ first_name: 'Maeve' });
    expect(profile.body).not.toContain('NOTE-7731');
    expect(profile.body).not.toContain('Admit.');
    const copy = await pdfText((await expectOk(await applicant.get('/api/pdf/file'))).rawPayload);
    expect(copy).toContain('Maeve');
    expect(copy).not.toContain('NOTE-7731');
    const print = await t.client().get(`/service/tmp-pdf?service_token=${(await printToken(admin, mae.userId)).token}`);
    expect(print.statusCode).toBe(200);
    expect(print.body).not.toContain('NOTE-7731');
    expect(t.smtp.to(mae.email).some((m) => m.text.includes('NOTE-7731'))).toBe(false);
    expect((await applicant.get(`/api/staff/applications/${mae.userId}/notes`)).statusCode).toBe(403);
  });
});

describe('removing members', () => {
  it('ends the removed member’s staff sessions; the last administrator cannot be removed or demoted', async () => {
    await expectOk(await admin.delete(`/api/staff/team/${SECOND}`));
    expect((await second.get('/api/staff/me')).statusCode).toBe(401);
    const again = await anotherSession(t, SECOND);
    expect((await again.get('/api/staff/me')).statusCode).toBe(403);

    expect((await invite('chief@college.test', ['admin'], null)).statusCode).toBe(201);
    const chief = await loggedInClient(t, 'chief@college.test');
    // The environment names no administrator any more: chief is the last one.
    setStaffList(t);
    const demote = await chief.put('/api/staff/team/chief@college.test', { roles: ['reader'], programs: null });
    expect([demote.statusCode, demote.json().code]).toEqual([409, 'LAST_ADMINISTRATOR']);
    const remove = await chief.delete('/api/staff/team/chief@college.test');
    expect([remove.statusCode, remove.json().code]).toEqual([409, 'LAST_ADMINISTRATOR']);
    await expectOk(await chief.put(`/api/staff/team/${READER}`, { roles: ['admin'], programs: null }));
    await expectOk(await chief.put('/api/staff/team/chief@college.test', { roles: ['reader'], programs: null }));
    expect((await chief.get('/api/staff/team')).statusCode).toBe(403);
    const log = (await reader.get('/api/staff/audit?member=chief@college.test')).json().entries;
    expect(log.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['team-change', 'denied']));
  });
});
