import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatPrefixes, SCHOOLS_BUTTON_ID } from '@admissions/domain';
import {
  anotherSession,
  answersOf,
  historyRows,
  loggedInClient,
  markSubmitted,
  save,
} from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** 50 distinct plain text answers (none of them controls or is hidden by another): five parts of ten school blocks. */
const FIFTY_KEYS = repeatPrefixes(SCHOOLS_BUTTON_ID, 10).flatMap((p) =>
  ['name', 'city', 'address_line_1', 'degree_major', 'gpa'].map((part) => `${p}${part}`),
);

const valueFor = (key: string) => `v-${key}`.slice(0, 10);

describe('PUT /api/answer under concurrency', () => {
  it('uses 50 distinct keys', () => {
    expect(new Set(FIFTY_KEYS).size).toBe(50);
  });

  it('keeps every answer of 50 parallel saves from one session, each of a different key', async () => {
    const email = 'concurrent.one@example.edu';
    const client = await loggedInClient(t, email);
    const results = await Promise.all(FIFTY_KEYS.map((key) => client.put('/api/answer', { [key]: valueFor(key) })));
    expect(results.map((r) => r.statusCode)).toEqual(FIFTY_KEYS.map(() => 200));
    expect(await answersOf(client)).toEqual(Object.fromEntries(FIFTY_KEYS.map((k) => [k, valueFor(k)])));
    // One history row per save, each with exactly its own key.
    const history = await historyRows(t, email);
    expect(history).toHaveLength(50);
    expect(
      history
        .map((h) => Object.keys(h.changes))
        .flat()
        .sort(),
    ).toEqual([...FIFTY_KEYS].sort());
  });

  it('answers each of many simultaneous saves for itself: 200 saved, 409 submitted, 401 logged out', async () => {
    const active = await loggedInClient(t, 'concurrent.active@example.edu');
    const submitted = await loggedInClient(t, 'concurrent.submitted@example.edu');
    await markSubmitted(t, 'concurrent.submitted@example.edu');
    const loggedOut = await loggedInClient(t, 'concurrent.out@example.edu');
    await loggedOut.get('/api/logout');
    const clients = [active, submitted, loggedOut];

    const results = await Promise.all(
      FIFTY_KEYS.slice(0, 30).map((key, i) => clients[i % 3]!.put('/api/answer', { [key]: valueFor(key) })),
    );

    const codes = results.map((r) => [r.statusCode, r.json<{ code?: string }>().code]);
    expect(codes).toEqual(
      FIFTY_KEYS.slice(0, 30).map(
        (_, i) =>
          [
            [200, undefined],
            [409, 'APPLICATION_SUBMITTED'],
            [401, 'UNAUTHORIZED'],
          ][i % 3],
      ),
    );
    expect(Object.keys(await answersOf(active)).sort()).toEqual(
      FIFTY_KEYS.slice(0, 30)
        .filter((_, i) => i % 3 === 0)
        .sort(),
    );
    expect(await historyRows(t, 'concurrent.submitted@example.edu')).toEqual([]);
  });

  it('keeps every answer of parallel saves from two sessions of the same applicant (two tabs)', async () => {
    const email = 'concurrent.two@example.edu';
    const tabA = await loggedInClient(t, email);
    const tabB = await anotherSession(t, email);
    await save(tabA, { first_name: 'Untouched' });
    const results = await Promise.all(
      FIFTY_KEYS.map((key, i) => (i % 2 === 0 ? tabA : tabB).put('/api/answer', { [key]: valueFor(key) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(FIFTY_KEYS.map(() => 200));
    const expected = { first_name: 'Untouched', ...Object.fromEntries(FIFTY_KEYS.map((k) => [k, valueFor(k)])) };
    expect(await answersOf(tabA)).toEqual(expected);
    expect(await answersOf(tabB)).toEqual(expected);
  });

  it('keeps every answer of parallel saves that touch controlling answers (the locked path)', async () => {
    const email = 'concurrent.controllers@example.edu';
    const tabA = await loggedInClient(t, email);
    const tabB = await anotherSession(t, email);
    // Each level of study controls its school's degree select, so each of these saves takes the row lock.
    const prefixes = repeatPrefixes(SCHOOLS_BUTTON_ID, 10);
    const saves = prefixes.flatMap((p, i) => [
      (i % 2 === 0 ? tabA : tabB).put('/api/answer', {
        [`${p}degree_type`]: 'BACH',
        [`${p}degree_type_desc`]: "Bachelor's",
      }),
      (i % 2 === 0 ? tabB : tabA).put('/api/answer', { [`${p}gpa`]: '3.5' }),
    ]);
    const results = await Promise.all(saves);
    expect(results.map((r) => r.statusCode)).toEqual(saves.map(() => 200));
    expect(await answersOf(tabA)).toEqual(
      Object.fromEntries(
        prefixes.flatMap((p) => [
          [`${p}degree_type`, 'BACH'],
          [`${p}degree_type_desc`, "Bachelor's"],
          [`${p}gpa`, '3.5'],
        ]),
      ),
    );
  });

  it('never leaves an answer to a hidden question when two tabs save conflicting answers at once', async () => {
    // Ten fresh applicants, so the race also covers the very first save (no application row to lock yet).
    for (let i = 0; i < 10; i++) {
      const email = `concurrent.conflict.${i}@example.edu`;
      const tabA = await loggedInClient(t, email);
      const tabB = await anotherSession(t, email);
      const results = await Promise.all([
        tabA.put('/api/answer', { suspended: 'Y', suspended_desc: 'Yes', suspended_comment: 'Explained.' }),
        tabB.put('/api/answer', { suspended: 'N', suspended_desc: 'No' }),
        tabB.put('/api/answer', { suspended_comment: 'Explained again.' }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const answers = await answersOf(tabA);
      if (answers.suspended !== 'Y')
        expect(answers, `applicant ${i}`).toMatchObject({ suspended: 'N', suspended_comment: '' });
      else expect(answers.suspended_comment, `applicant ${i}`).not.toBe('');
    }
  });
});
