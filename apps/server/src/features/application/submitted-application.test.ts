import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@admissions/domain';
import { historyRows, loggedInClient, markSubmitted, profileOf } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

/**
 * SPEC section 4: submission is final. There is no submit call yet, so the
 * tests mark the application submitted in the database, as that call will.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REFUSED = { code: 'APPLICATION_SUBMITTED', message: ERROR_MESSAGES.APPLICATION_SUBMITTED };

async function submittedApplicant(email: string) {
  const client = await loggedInClient(t, email);
  await expectOk(
    await client.put('/api/answer', { first_name: 'Ada', suspended: 'Y', suspended_comment: 'Explained.' }),
  );
  await expectOk(await client.put('/api/last-page', { last_page: '/final-steps' }));
  await expectOk(await client.put('/api/add-another', { button_id: 'college', num_components: 2 }));
  await expectOk(await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'upload' }));
  await markSubmitted(t, email);
  const state = async () => ({
    profile: await profileOf(client),
    addAnother: (await client.get('/api/add-another')).json(),
    tabs: (await client.get('/api/tabs')).json(),
    history: await historyRows(t, email),
  });
  return { client, before: await state(), state };
}

describe('after submission', () => {
  it.each([
    ['a plain answer', { first_name: 'Changed' }],
    ['a controlling answer', { suspended: 'N' }],
    ['an answer that can be hidden', { suspended_comment: 'Changed.' }],
  ])('refuses PUT /api/answer with %s: 409 APPLICATION_SUBMITTED, nothing changed', async (_name, answers) => {
    const { client, before, state } = await submittedApplicant(
      `submitted.answer.${_name.replace(/\W/g, '')}@example.edu`,
    );
    const res = await client.put('/api/answer', answers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect(await state()).toEqual(before);
  });

  it('refuses PUT /api/last-page with 409 and keeps the last page', async () => {
    const { client, before, state } = await submittedApplicant('submitted.last-page@example.edu');
    const res = await client.put('/api/last-page', { last_page: '/about' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect(await state()).toEqual(before);
  });

  it('refuses PUT /api/add-another with 409 and keeps the counts', async () => {
    const { client, before, state } = await submittedApplicant('submitted.add-another@example.edu');
    const res = await client.put('/api/add-another', { button_id: 'college', num_components: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect(await state()).toEqual(before);
  });

  it('refuses PUT /api/tabs with 409, keeps the chosen tab and clears no answers', async () => {
    const { client, before, state } = await submittedApplicant('submitted.tabs@example.edu');
    const res = await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect(await state()).toEqual(before);
  });

  it('still lets the applicant read everything', async () => {
    const { client, before } = await submittedApplicant('submitted.read@example.edu');
    expect(before.profile.answer).toEqual({ first_name: 'Ada', suspended: 'Y', suspended_comment: 'Explained.' });
    expect(before.profile.last_page).toBe('/final-steps');
    expect(before.addAnother).toEqual({ college: 2 });
    expect(before.tabs).toEqual({ college_transcript: 'upload' });
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses a submitted applicant who never saved anything (no application row before submission)', async () => {
    const email = 'submitted.empty@example.edu';
    const client = await loggedInClient(t, email);
    await markSubmitted(t, email);
    expect((await client.put('/api/answer', { first_name: 'Late' })).statusCode).toBe(409);
    expect((await client.put('/api/answer', { suspended: 'Y' })).statusCode).toBe(409);
    expect((await client.put('/api/last-page', { last_page: '/about' })).statusCode).toBe(409);
    expect((await profileOf(client)).answer).toEqual({});
    expect(await historyRows(t, email)).toEqual([]);
  });
});
