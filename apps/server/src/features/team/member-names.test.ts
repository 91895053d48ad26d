import { programLabelOf } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Names, not ids (issue 49): a member has a name, asked for at invitation and shown where the address was; a
 * refused assignment names the applicants; the invitation names programs by their labels.
 */
let t: TestApp;
let admin: TestClient;
let mae: Applicant;
let mapp: Applicant;
let member: TestClient;
const LIMITED = 'names-limited@college.test';
const ANYONE = 'names-anyone@college.test';

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  mae = await submittedApplicant(t, 'names-mae@example.edu', { first_name: 'Maeve', last_name: 'Byrne' });
  mapp = await submittedApplicant(t, 'names-mapp@example.edu', {
    first_name: 'Bina',
    last_name: 'Okafor',
    applied_major: 'MAPP',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a member’s name', () => {
  it('is required at invitation, 1 to 100 characters once trimmed', async () => {
    for (const name of [undefined, '', '   ', 'x'.repeat(101)]) {
      const res = await admin.post('/api/staff/team', { email: ANYONE, name, roles: ['reviewer'], programs: null });
      expect(res.statusCode, String(name)).toBe(400);
    }
    const team = (await expectOk(await admin.get('/api/staff/team'))).json().members;
    expect(team.map((m: { email: string }) => m.email)).not.toContain(ANYONE);
  });

  it('is stored trimmed, listed with the team, and given to the member by /me', async () => {
    const res = await admin.post('/api/staff/team', {
      email: LIMITED,
      name: '  Grace Hopper ',
      roles: ['reviewer'],
      programs: ['MAE'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: LIMITED, name: 'Grace Hopper' });
    const team = (await expectOk(await admin.get('/api/staff/team'))).json().members;
    expect(team).toContainEqual(expect.objectContaining({ email: LIMITED, name: 'Grace Hopper' }));
    // An administrator from STAFF_EMAILS has no name: the console shows the address.
    expect(team).toContainEqual(expect.objectContaining({ email: STAFF_EMAIL, name: null }));
    member = await loggedInClient(t, LIMITED);
    expect((await expectOk(await member.get('/api/staff/me'))).json()).toMatchObject({
      email: LIMITED,
      name: 'Grace Hopper',
    });
    expect((await expectOk(await admin.get('/api/staff/me'))).json()).toMatchObject({ name: null });
  });

  it('is changed by an administrator, and kept when a change leaves it out', async () => {
    const put = (body: object) => admin.put(`/api/staff/team/${LIMITED}`, body);
    expect((await put({ name: ' ', roles: ['reviewer'], programs: ['MAE'] })).statusCode).toBe(400);
    expect(
      (await expectOk(await put({ name: 'Grace B. Hopper', roles: ['reviewer'], programs: ['MAE'] }))).json(),
    ).toMatchObject({ name: 'Grace B. Hopper' });
    expect((await expectOk(await put({ roles: ['reviewer'], programs: ['MAE'] }))).json()).toMatchObject({
      name: 'Grace B. Hopper',
    });
  });

  it('names programs by their labels in the invitation e-mail', async () => {
    const mail = t.smtp.to(LIMITED).find((m) => /invited to the .* admissions office team/.test(m.subject));
    const label = programLabelOf(t.deps.config.tenant, 'MAE');
    expect(label).not.toBe('MAE');
    expect(mail?.text).toContain(`as reviewer, for these programs: ${label}.`);
    expect(mail?.text).toContain('Hello Grace Hopper,');
  });

  it('names the reviewers of the reviews and the authors of the notes', async () => {
    const reviewer = member;
    await expectOk(await admin.post('/api/staff/assignments', { reviewer: LIMITED, application_ids: [mae.userId] }));
    const base = `/api/staff/applications/${mae.userId}`;
    const scores = { academic: 4, statement: 4, recommendations: 4 };
    await expectOk(await reviewer.put(`${base}/review`, { scores, comment: 'Fine', submit: true }));
    expect((await reviewer.post(`${base}/notes`, { text: 'Seen.' })).statusCode).toBe(201);
    const reviews = (await expectOk(await admin.get(`${base}/reviews`))).json();
    expect(reviews.others).toContainEqual(
      expect.objectContaining({ reviewer: LIMITED, reviewer_name: 'Grace B. Hopper' }),
    );
    const notes = (await expectOk(await admin.get(`${base}/notes`))).json().notes;
    expect(notes).toContainEqual(expect.objectContaining({ author: LIMITED, author_name: 'Grace B. Hopper' }));
  });
});

describe('a refused assignment', () => {
  it('names the applicants outside the reviewer’s programs, with their ids', async () => {
    const res = await admin.post('/api/staff/assignments', {
      reviewer: LIMITED,
      application_ids: [mae.userId, mapp.userId],
    });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('REVIEWER_CANNOT_REVIEW');
    expect(body.errors).toEqual({ applicants: ['Bina Okafor'], application_ids: [mapp.userId] });
    expect(body.message).toContain('Grace B. Hopper');
    expect(body.message).not.toContain(mapp.userId);
  });
});
