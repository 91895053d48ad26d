import { SCHOOLS_BUTTON_ID } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, historyRows, loggedInClient, markSubmitted, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** School n's key for a part: college_name, college_2_name, ... */
const k = (n: number, part: string) => (n === 1 ? `college_${part}` : `college_${n}_${part}`);

/** An applicant with `count` schools, each named 'School n' in 'City n', school 2 on its 'later' tab. */
async function withSchools(email: string, count: number): Promise<TestClient> {
  const client = await loggedInClient(t, email);
  const answers: Record<string, string> = {};
  for (let n = 1; n <= count; n++) {
    answers[k(n, 'name')] = `School ${n}`;
    answers[k(n, 'city')] = `City ${n}`;
    answers[k(n, 'degree_type')] = 'BACH';
    answers[k(n, 'degree_type_desc')] = "Bachelor's";
  }
  await save(client, answers);
  await expectOk(await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: count }));
  await expectOk(await client.put('/api/tabs', { tab_id: k(2, 'transcript'), chosen_tab: 'later' }));
  return client;
}

const remove = (client: TestClient, number: number | string, button = SCHOOLS_BUTTON_ID) =>
  client.delete(`/api/add-another/${button}/${number}`);

describe('DELETE /api/add-another/{button_id}/{number}', () => {
  it('removes a block: later blocks move up with their answers, labels and tab choices; the last is emptied', async () => {
    const client = await withSchools('remove.middle@example.edu', 4);
    const res = await expectOk(await remove(client, 2));

    expect(res.json()).toMatchObject({ add_another: { college: 3 }, tabs: {} });
    expect(res.json().answer).toMatchObject({
      [k(2, 'name')]: 'School 3',
      [k(3, 'name')]: 'School 4',
      [k(4, 'name')]: '',
      [k(4, 'city')]: '',
    });
    const answers = await answersOf(client);
    expect([1, 2, 3, 4].map((n) => answers[k(n, 'name')])).toEqual(['School 1', 'School 3', 'School 4', '']);
    expect([1, 2, 3, 4].map((n) => answers[k(n, 'city')])).toEqual(['City 1', 'City 3', 'City 4', '']);
    expect(answers[k(3, 'degree_type_desc')]).toBe("Bachelor's");
    expect(answers[k(4, 'degree_type_desc')]).toBe('');
    // School 2's 'later' choice went with school 2; school 3 (formerly 4) keeps the default.
    expect((await client.get('/api/tabs')).json()).toEqual({});
    expect((await client.get('/api/add-another')).json()).toEqual({ college: 3 });
  });

  it('moves a tab choice up with its school', async () => {
    const client = await withSchools('remove.first@example.edu', 3);
    await expectOk(await remove(client, 1));
    expect((await client.get('/api/tabs')).json()).toEqual({ college_transcript: 'later' });
    expect((await answersOf(client))[k(1, 'name')]).toBe('School 2');
  });

  it('removing the last block lowers the count and empties it; the only block is emptied and stays', async () => {
    const client = await withSchools('remove.last@example.edu', 2);
    await expectOk(await remove(client, 2));
    expect((await client.get('/api/add-another')).json()).toEqual({ college: 1 });
    expect((await answersOf(client))[k(2, 'name')]).toBe('');

    await expectOk(await remove(client, 1));
    expect((await client.get('/api/add-another')).json()).toEqual({ college: 1 });
    expect((await answersOf(client))[k(1, 'name')]).toBe('');
  });

  it('logs the removal in the answer history', async () => {
    const email = 'remove.history@example.edu';
    const client = await withSchools(email, 2);
    await expectOk(await remove(client, 1));
    const last = (await historyRows(t, email)).at(-1);
    expect(last).toMatchObject({ kind: 'remove_block', changes: { button_id: 'college', number: 1, count: 1 } });
  });

  it.each([
    ['a block beyond the count', 3, SCHOOLS_BUTTON_ID, 'number'],
    ['block 0', 0, SCHOOLS_BUTTON_ID, 'number'],
    ['a number that is not one', 'two', SCHOOLS_BUTTON_ID, 'number'],
    ['an unknown repeater', 1, 'employer', 'button_id'],
  ])('refuses %s with 400 and changes nothing', async (_name, number, button, field) => {
    const client = await withSchools(`remove.bad.${String(_name).replace(/\W/g, '')}@example.edu`, 2);
    const before = await answersOf(client);
    const res = await remove(client, number, button);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { [field]: [expect.any(String)] } });
    expect(await answersOf(client)).toEqual(before);
    expect((await client.get('/api/add-another')).json()).toEqual({ college: 2 });
  });

  it('refuses once the application is submitted (409)', async () => {
    const email = 'remove.submitted@example.edu';
    const client = await withSchools(email, 2);
    await markSubmitted(t, email);
    const res = await remove(client, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'APPLICATION_SUBMITTED' });
    expect((await answersOf(client))[k(1, 'name')]).toBe('School 1');
  });

  it('needs a session (401)', async () => {
    const res = await remove(t.client(), 1);
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/add-another with a lower count', () => {
  it('empties the blocks past the new count, so no answer is left that no page shows', async () => {
    const client = await withSchools('lower.count@example.edu', 3);
    await expectOk(await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 1 }));
    const answers = await answersOf(client);
    expect([1, 2, 3].map((n) => answers[k(n, 'name')])).toEqual(['School 1', '', '']);
    expect(answers[k(2, 'degree_type_desc')]).toBe('');
    expect((await client.get('/api/tabs')).json()).toEqual({});
    // Raising it again shows empty blocks, not the old answers.
    await expectOk(await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 3 }));
    expect((await answersOf(client))[k(3, 'city')]).toBe('');
  });
});
