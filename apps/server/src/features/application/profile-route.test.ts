import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, profileOf, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/profile', () => {
  it('returns the whole profile of SPEC section 3 for a new applicant', async () => {
    const loggedInAt = t.clock.now().toISOString();
    const client = await loggedInClient(t, 'profile.new@example.edu');
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      answer: {},
      document_answer: {},
      username: 'profile.new@example.edu',
      last_page: null,
      successful_login: [loggedInAt],
      web_status: [],
    });
  });

  it('reflects saved answers, the last page, web statuses and every login', async () => {
    const email = 'profile.saves@example.edu';
    const first = t.clock.now().toISOString();
    const client = await loggedInClient(t, email);
    t.clock.advance(60_000);
    const second = t.clock.now().toISOString();
    const otherTab = await anotherSession(t, email);

    await save(client, { first_name: 'Ada', last_name: 'Lovelace' });
    await save(otherTab, { gender: 'F', gender_desc: 'Female' });
    await expectOk(await client.put('/api/last-page', { last_page: '/education-alr' }));
    await expectOk(await client.post('/api/web-status', { web_status: 'started' }));
    t.clock.advance(1000);
    await expectOk(await otherTab.post('/api/web-status', { web_status: 'validating' }));

    const expected = {
      answer: { first_name: 'Ada', last_name: 'Lovelace', gender: 'F', gender_desc: 'Female' },
      document_answer: {},
      username: email,
      last_page: '/education-alr',
      successful_login: [first, second],
      web_status: [{ web_status: 'started' }, { web_status: 'validating' }],
    };
    // Both sessions see the same applicant.
    expect(await profileOf(client)).toEqual(expected);
    expect(await profileOf(otherTab)).toEqual(expected);
  });

  it('shows each applicant only their own answers', async () => {
    const a = await loggedInClient(t, 'profile.a@example.edu');
    const b = await loggedInClient(t, 'profile.b@example.edu');
    await save(a, { first_name: 'Alice' });
    await save(b, { first_name: 'Bob' });
    expect((await profileOf(a)).answer).toEqual({ first_name: 'Alice' });
    expect((await profileOf(b)).answer).toEqual({ first_name: 'Bob' });
    expect((await profileOf(b)).username).toBe('profile.b@example.edu');
  });
});
