import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPEATS, SCHOOLS_BUTTON_ID } from '@admissions/domain';
import { historyRows, loggedInClient } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET and PUT /api/add-another', () => {
  it('answers {} before anything is saved (each block then shows its default of 1)', async () => {
    const client = await loggedInClient(t, 'add.default@example.edu');
    const res = await client.get('/api/add-another');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it(`stores every count from 1 up to ${MAX_REPEATS} for the schools button`, async () => {
    const client = await loggedInClient(t, 'add.counts@example.edu');
    for (let n = 1; n <= MAX_REPEATS; n++) {
      const res = await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: n });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ [SCHOOLS_BUTTON_ID]: n });
      expect((await client.get('/api/add-another')).json()).toEqual({ [SCHOOLS_BUTTON_ID]: n });
    }
  });

  it('leaves the answers alone', async () => {
    const client = await loggedInClient(t, 'add.answers@example.edu');
    await client.put('/api/answer', { college_2_name: 'MIT' });
    await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 2 });
    expect((await client.get('/api/profile')).json().answer).toEqual({ college_2_name: 'MIT' });
  });

  it.each([
    ['more than the maximum', { button_id: SCHOOLS_BUTTON_ID, num_components: MAX_REPEATS + 1 }, 'num_components'],
    ['zero', { button_id: SCHOOLS_BUTTON_ID, num_components: 0 }, 'num_components'],
    ['a negative count', { button_id: SCHOOLS_BUTTON_ID, num_components: -1 }, 'num_components'],
    ['a fractional count', { button_id: SCHOOLS_BUTTON_ID, num_components: 2.5 }, 'num_components'],
    ['a count as text', { button_id: SCHOOLS_BUTTON_ID, num_components: '3' }, 'num_components'],
    ['an unknown button', { button_id: 'employer', num_components: 2 }, 'button_id'],
    ['a tab group as button', { button_id: 'college_transcript', num_components: 2 }, 'button_id'],
    ['a prototype key as button', { button_id: 'constructor', num_components: 2 }, 'button_id'],
  ])('refuses %s with 400 BAD_REQUEST and keeps the stored count', async (name, body, field) => {
    const email = `add.bad.${name.replace(/\W/g, '')}@example.edu`;
    const client = await loggedInClient(t, email);
    await client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 3 });
    const history = await historyRows(t, email);
    const res = await client.put('/api/add-another', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { [field]: [expect.any(String)] } });
    expect((await client.get('/api/add-another')).json()).toEqual({ [SCHOOLS_BUTTON_ID]: 3 });
    expect(await historyRows(t, email)).toEqual(history);
  });
});
