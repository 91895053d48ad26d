import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@admissions/domain';
import { PASSWORD, signUpAndConfirm } from '../../test-support/account-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUpAndConfirm(t, t.client(), 'Profile.Owner@Example.edu');
  await signUpAndConfirm(t, t.client(), 'profile.other@example.edu');
});
afterAll(async () => {
  await t?.close();
});

const logIn = async (username: string) => {
  const client = t.client();
  expect((await client.post('/public/login', { username, password: PASSWORD })).statusCode).toBe(200);
  return client;
};

describe('GET /api/profile', () => {
  it('answers a new account with empty answers and its first login', async () => {
    const client = await logIn('profile.owner@example.edu');
    const loginTime = t.clock.now().toISOString();
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      answer: {},
      document_answer: {},
      username: 'Profile.Owner@Example.edu',
      last_page: null,
      successful_login: [loginTime],
      web_status: [],
    });
  });

  it('adds one ISO timestamp per login, oldest first, and only for this account', async () => {
    const before = (await (await logIn('profile.owner@example.edu')).get('/api/profile')).json().successful_login;
    t.clock.advance(90_000);
    await logIn('profile.other@example.edu');
    t.clock.advance(90_000);
    const client = await logIn('profile.owner@example.edu');
    const after: string[] = (await client.get('/api/profile')).json().successful_login;

    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, -1)).toEqual(before);
    expect(after.at(-1)).toBe(t.clock.now().toISOString());
    for (const stamp of after) expect(new Date(stamp).toISOString()).toBe(stamp);
    expect([...after].sort()).toEqual(after);

    const other = (await (await logIn('profile.other@example.edu')).get('/api/profile')).json();
    expect(other.username).toBe('profile.other@example.edu');
    expect(other.successful_login).toHaveLength(2);
  });

  it('does not count a failed or refused login', async () => {
    const client = await logIn('profile.owner@example.edu');
    const count = (await client.get('/api/profile')).json().successful_login.length;
    await t.client().post('/public/login', { username: 'profile.owner@example.edu', password: 'Wrong-Password-1' });
    expect((await client.get('/api/profile')).json().successful_login).toHaveLength(count);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const res = await t.client().get('/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
  });
});
