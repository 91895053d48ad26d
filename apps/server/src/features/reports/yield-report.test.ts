import type { YieldReport } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';
import { runDecisionsPass } from '../decisions/decision-worker';
import { decideAndRelease, moveToPastCycle, submitted } from './reports.test-helpers';

/**
 * The yield report on a fixture built through the API (issue 47), its numbers worked out by hand:
 *
 * MAE, Fall 2027 (8 offers):
 *   lapsed1   admit released, 15 days pass, the decisions job declines it by default      → lapsed
 *   lapsed2   admit released with a reply-by a day away, 2 days pass, no job has run yet  → lapsed
 *   accepted  admit released, accepted                                                    → accepted
 *   declined  admit released, declined                                                    → declined
 *   open      admit with conditions released, unanswered                                  → no answer
 *   withdrew  admit released, then the application is withdrawn, unanswered              → withdrawn
 *   upgraded  wait-list released, then changed to admit and released again               → no answer
 *   redraft   admit released, then a deny recorded but not released (the admit stands)   → no answer
 *   downgrade admit released, then changed to deny and released                           → no offer
 *   draft     admit recorded, never released                                              → no offer
 * MAE, Spring 2028: spring admit released, accepted                                      → 1 offer, accepted
 * MAAS, Fall 2027: maas admit released, unanswered                                       → 1 offer, no answer
 * Cycle 2025-26 (moved there: the cycle boundary): past admit released, accepted        → only in 2025-26
 */
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  const mae = (name: string, answers: Record<string, string> = {}) =>
    submitted(t, `yield-${name}@example.edu`, answers);

  const lapsed1 = await mae('lapsed1');
  await decideAndRelease(staff, lapsed1.userId, { code: 'admit' });
  t.clock.advance(15 * DAY);
  await runDecisionsPass(t.deps);

  staff = await anotherSession(t, STAFF_EMAIL);
  const lapsed2 = await mae('lapsed2');
  await decideAndRelease(staff, lapsed2.userId, {
    code: 'admit',
    reply_by: new Date(t.clock.now().getTime() + DAY).toISOString(),
  });
  t.clock.advance(2 * DAY);

  staff = await anotherSession(t, STAFF_EMAIL);
  const accepted = await mae('accepted');
  await decideAndRelease(staff, accepted.userId, { code: 'admit' });
  await expectOk(await accepted.client.post('/api/decision/response', { response: 'accept' }));
  const declined = await mae('declined');
  await decideAndRelease(staff, declined.userId, { code: 'admit' });
  await expectOk(await declined.client.post('/api/decision/response', { response: 'decline' }));
  const open = await mae('open');
  await decideAndRelease(staff, open.userId, { code: 'admit_conditional', conditions: ['Final transcript'] });
  const withdrew = await mae('withdrew');
  await decideAndRelease(staff, withdrew.userId, { code: 'admit' });
  await expectOk(await withdrew.client.post('/api/withdraw', { reason: 'Another school' }));
  const upgraded = await mae('upgraded');
  await decideAndRelease(staff, upgraded.userId, { code: 'waitlist' });
  await decideAndRelease(staff, upgraded.userId, { code: 'admit' });
  const redraft = await mae('redraft');
  await decideAndRelease(staff, redraft.userId, { code: 'admit' });
  await expectOk(
    await staff.put(`/api/staff/applications/${redraft.userId}/decision`, {
      code: 'deny',
      reasons: [{ id: 'program_full' }],
    }),
  );
  const downgrade = await mae('downgrade');
  await decideAndRelease(staff, downgrade.userId, { code: 'admit' });
  await decideAndRelease(staff, downgrade.userId, { code: 'deny', reasons: [{ id: 'program_full' }] });
  const draft = await mae('draft');
  await expectOk(await staff.put(`/api/staff/applications/${draft.userId}/decision`, { code: 'admit' }));

  const spring = await mae('spring', { entry_term: '2028SP' });
  await decideAndRelease(staff, spring.userId, { code: 'admit' });
  await expectOk(await spring.client.post('/api/decision/response', { response: 'accept' }));
  const maas = await mae('maas', { applied_major: 'MAAS' });
  await decideAndRelease(staff, maas.userId, { code: 'admit' });
  const past = await mae('past');
  await decideAndRelease(staff, past.userId, { code: 'admit' });
  await expectOk(await past.client.post('/api/decision/response', { response: 'accept' }));
  await moveToPastCycle(t, past.userId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const MAAS_FALL = {
  program: 'MAAS',
  program_label: 'MA in Applied Sociology',
  term: '2027FA',
  term_label: 'Fall 2027',
  offers: 1,
  accepted: 0,
  declined: 0,
  withdrawn: 0,
  no_answer: 1,
  lapsed: 0,
};
const MAE_FALL = {
  program: 'MAE',
  program_label: 'MA in Education',
  term: '2027FA',
  term_label: 'Fall 2027',
  offers: 8,
  accepted: 1,
  declined: 1,
  withdrawn: 1,
  no_answer: 3,
  lapsed: 2,
};
const MAE_SPRING = {
  program: 'MAE',
  program_label: 'MA in Education',
  term: '2028SP',
  term_label: 'Spring 2028',
  offers: 1,
  accepted: 1,
  declined: 0,
  withdrawn: 0,
  no_answer: 0,
  lapsed: 0,
};

const report = async (client: TestClient, query = '') =>
  (await expectOk(await client.get(`/api/staff/reports/yield${query}`))).json<YieldReport>();

describe('the yield report', () => {
  it('counts each released offer once, by program and term, as it stands now', async () => {
    const drawn = await report(staff);
    expect(drawn.rows).toEqual([MAAS_FALL, MAE_FALL, MAE_SPRING]);
    expect(drawn.filters).toMatchObject({ cycle: { id: '2026-27' }, program: null });
    expect(drawn.generated_at).toBe(t.clock.now().toISOString());
  });

  it('draws one program, and a past cycle apart from the open one', async () => {
    expect((await report(staff, '?program=MAE')).rows).toEqual([MAE_FALL, MAE_SPRING]);
    expect((await report(staff, '?cycle=2025-26')).rows).toEqual([
      { ...MAE_FALL, offers: 1, accepted: 1, declined: 0, withdrawn: 0, no_answer: 0, lapsed: 0 },
    ]);
  });

  it('answers CSV for ?format=csv and for Accept: text/csv', async () => {
    const csv = await staff.get('/api/staff/reports/yield?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      [
        'Program,Program name,Term,Term name,Offers,Accepted,Declined,Withdrawn,No answer,Lapsed',
        'MAAS,MA in Applied Sociology,2027FA,Fall 2027,1,0,0,0,1,0',
        'MAE,MA in Education,2027FA,Fall 2027,8,1,1,1,3,2',
        'MAE,MA in Education,2028SP,Spring 2028,1,1,0,0,0,0',
        '',
      ].join('\r\n'),
    );
    const accepted = await staff.get('/api/staff/reports/yield', { accept: 'text/csv' });
    expect(accepted.body).toBe(csv.body);
  });

  it('covers only the programs of a program-limited member, and refuses another program with 404', async () => {
    const reader = await staffWithRoles(t, 'yield-reader@college.test', ['reader'], ['MAAS']);
    const drawn = await report(reader);
    expect(drawn.rows).toEqual([MAAS_FALL]);
    expect(drawn.filters.programs.map((p) => p.code)).toEqual(['MAAS']);
    const refused = await reader.get('/api/staff/reports/yield?program=MAE');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused to a reviewer (no reports right)', async () => {
    const reviewer = await staffWithRoles(t, 'yield-reviewer@college.test', ['reviewer']);
    const refused = await reviewer.get('/api/staff/reports/yield');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
  });
});
