import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, TEXT_INPUT_MAX_LENGTH } from '@admissions/domain';
import { answersOf, historyRows, loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/answer: merging', () => {
  it('answers with a message and stores the answers', async () => {
    const client = await loggedInClient(t, 'answer.basic@example.edu');
    const res = await client.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your answers have been saved.' });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('merges: keys not sent keep their values, keys sent are overwritten, even with an empty string', async () => {
    const client = await loggedInClient(t, 'answer.merge@example.edu');
    await save(client, { first_name: 'Ada', last_name: 'Lovelace', city: 'London' });
    await save(client, { last_name: 'King', middle_name: 'Augusta' });
    await save(client, { city: '' });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada', last_name: 'King', middle_name: 'Augusta', city: '' });
  });

  it('accepts an empty object and changes nothing', async () => {
    const client = await loggedInClient(t, 'answer.empty@example.edu');
    await save(client, { first_name: 'Ada' });
    const res = await client.put('/api/answer', {});
    expect(res.statusCode).toBe(200);
    expect(await answersOf(client)).toEqual({ first_name: 'Ada' });
  });

  it('accepts a value of exactly the maximum length', async () => {
    const client = await loggedInClient(t, 'answer.maxlen@example.edu');
    const longest = 'x'.repeat(TEXT_INPUT_MAX_LENGTH);
    await save(client, { first_name: longest });
    expect(await answersOf(client)).toEqual({ first_name: longest });
  });
});

describe('PUT /api/answer: refused saves store nothing', () => {
  const setUp = async (email: string) => {
    const client = await loggedInClient(t, email);
    await save(client, { first_name: 'Before', last_name: 'Before' });
    const history = await historyRows(t, email);
    return { client, history };
  };

  it('refuses unknown keys with 400 UNKNOWN_ANSWER_KEY and an error per key', async () => {
    const email = 'answer.unknown@example.edu';
    const { client, history } = await setUp(email);
    const res = await client.put('/api/answer', { first_name: 'After', favourite_colour: 'blue', is_admin: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'UNKNOWN_ANSWER_KEY',
      message: ERROR_MESSAGES.UNKNOWN_ANSWER_KEY,
      errors: {
        favourite_colour: ['This question is not part of the application.'],
        is_admin: ['This question is not part of the application.'],
      },
    });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses the key %j as unknown', async (key) => {
    const email = `answer.proto.${key.replace(/_/g, '')}@example.edu`;
    const { client } = await setUp(email);
    // Built with JSON.parse: an object literal's __proto__ would set the prototype, not a key.
    const withKey = await client.put('/api/answer', JSON.parse(`{"first_name":"After","${key}":"x"}`));
    expect(withKey.statusCode).toBe(400);
    expect(withKey.json()).toMatchObject({ code: expect.stringMatching(/^(UNKNOWN_ANSWER_KEY|BAD_REQUEST)$/) });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
  });

  it('refuses a value over the maximum length with 400 VALIDATION_FAILED', async () => {
    const email = 'answer.toolong@example.edu';
    const { client, history } = await setUp(email);
    const res = await client.put('/api/answer', { first_name: 'x'.repeat(TEXT_INPUT_MAX_LENGTH + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      errors: { first_name: [`This answer can be at most ${TEXT_INPUT_MAX_LENGTH} characters long.`] },
    });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
  });

  it('refuses a _desc label longer than any option of its question', async () => {
    const { client } = await setUp('answer.desclong@example.edu');
    const res = await client.put('/api/answer', { gender: 'F', gender_desc: 'y'.repeat(500) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { gender_desc: [expect.any(String)] } });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
  });

  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['null', null],
    ['an array', ['a']],
    ['an object', { nested: 'x' }],
  ])('refuses %s as a value with 400 BAD_REQUEST', async (_name, value) => {
    const email = `answer.type.${String(_name).replace(/\W/g, '')}@example.edu`;
    const { client, history } = await setUp(email);
    const res = await client.put('/api/answer', { first_name: 'After', last_name: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: ERROR_MESSAGES.BAD_REQUEST,
      errors: { last_name: [expect.any(String)] },
    });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
  });

  it.each([
    ['an array', ['first_name']],
    ['a string', 'first_name'],
  ])('refuses %s as the body with 400 BAD_REQUEST', async (_name, body) => {
    const { client } = await setUp(`answer.body.${String(_name).replace(/\W/g, '')}@example.edu`);
    const res = await client.put('/api/answer', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
  });

  it('stores neither key of a request with one good and one unknown key', async () => {
    const email = 'answer.mixed.unknown@example.edu';
    const { client, history } = await setUp(email);
    const res = await client.put('/api/answer', { first_name: 'After', nonsense: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_ANSWER_KEY', errors: { nonsense: [expect.any(String)] } });
    expect(res.json().errors).not.toHaveProperty('first_name');
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
  });

  it('stores neither key of a request with one good and one over-long value', async () => {
    const email = 'answer.mixed.long@example.edu';
    const { client, history } = await setUp(email);
    const res = await client.put('/api/answer', { first_name: 'After', last_name: 'y'.repeat(46) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { last_name: [expect.any(String)] } });
    expect(res.json().errors).not.toHaveProperty('first_name');
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
  });

  it('refuses characters the database cannot store (NUL, half a surrogate pair) with 400, and keeps emoji', async () => {
    const email = 'answer.unstorable@example.edu';
    const { client, history } = await setUp(email);
    for (const bad of ['Ada\u0000', 'Ada\ud83d', '\ude00Ada']) {
      const res = await client.put('/api/answer', { first_name: 'After', last_name: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { last_name: ['This answer contains a character that cannot be saved. Please retype it.'] },
      });
    }
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
    expect(await historyRows(t, email)).toEqual(history);
    await save(client, { last_name: 'Lovelace \ud83d\ude00' });
    expect(await answersOf(client)).toMatchObject({ last_name: 'Lovelace 😀' });
  });

  it('stores nothing from a refused save that touches a controlling answer', async () => {
    const email = 'answer.mixed.controller@example.edu';
    const { client, history } = await setUp(email);
    await save(client, { suspended: 'Y', suspended_comment: 'A long story.' });
    const before = await answersOf(client);
    const res = await client.put('/api/answer', { suspended: 'N', suspended_comment: 'z'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(await answersOf(client)).toEqual(before);
    expect(await historyRows(t, email)).toHaveLength(history.length + 1);
  });

  it('refuses a body that is not JSON with 415 and stores nothing', async () => {
    const { client } = await setUp('answer.notjson@example.edu');
    const res = await client.request('PUT', '/api/answer', 'first_name=After', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await answersOf(client)).toEqual({ first_name: 'Before', last_name: 'Before' });
  });
});

describe('PUT /api/answer: choices', () => {
  it('refuses a value that is not one of the options, and a box that is neither ticked nor blank', async () => {
    const client = await loggedInClient(t, 'answer.choices@example.edu');
    await save(client, { country: 'USA', legal_agree: 'true' });
    for (const bad of [{ country: 'Narnia' }, { suspended: 'maybe' }, { legal_agree: 'yes' }, { state: 'XX' }]) {
      const res = await client.put('/api/answer', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const key = Object.keys(bad)[0]!;
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { [key]: ['Please choose one of the options offered.'] },
      });
    }
    expect(await answersOf(client)).toEqual({ country: 'USA', legal_agree: 'true' });
  });
});
