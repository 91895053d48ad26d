import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_PAGES } from '@admissions/domain';
import { historyRows, loggedInClient, profileOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/last-page', () => {
  it.each(FORM_PAGES.map((p) => p.path))('stores the form page %s as profile.last_page', async (path) => {
    const client = await loggedInClient(t, `last-page${path.replace(/\W/g, '.')}@example.edu`);
    const res = await client.put('/api/last-page', { last_page: path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ last_page: path });
    expect((await profileOf(client)).last_page).toBe(path);
  });

  it('replaces the previous page and leaves the answers alone', async () => {
    const client = await loggedInClient(t, 'last-page.replace@example.edu');
    await client.put('/api/answer', { first_name: 'Ada' });
    await client.put('/api/last-page', { last_page: '/about' });
    await client.put('/api/last-page', { last_page: '/final-steps' });
    const profile = await profileOf(client);
    expect(profile.last_page).toBe('/final-steps');
    expect(profile.answer).toEqual({ first_name: 'Ada' });
  });

  it.each([['/login'], ['/completion'], ['/about?token=x'], ['/ABOUT'], ['https://evil.example/about'], ['']])(
    'refuses %j with 400 and keeps the stored page',
    async (path) => {
      const email = `last-page.bad.x${Buffer.from(path).toString('hex').slice(0, 30)}@example.edu`;
      const client = await loggedInClient(t, email);
      await client.put('/api/last-page', { last_page: '/education-alr' });
      const history = await historyRows(t, email);
      const res = await client.put('/api/last-page', { last_page: path });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { last_page: [expect.any(String)] } });
      expect((await profileOf(client)).last_page).toBe('/education-alr');
      expect(await historyRows(t, email)).toEqual(history);
    },
  );

  it.each([
    ['a missing last_page', {}],
    ['a number', { last_page: 3 }],
    ['an extra key', { last_page: '/about', other: 'x' }],
  ])('refuses %s with 400 BAD_REQUEST', async (_name, body) => {
    const client = await loggedInClient(t, `last-page.shape.${String(_name).replace(/\W/g, '')}@example.edu`);
    const res = await client.put('/api/last-page', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await profileOf(client)).last_page).toBeNull();
  });
});
