import { INCOMPLETE_DATE } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/answer with an invalid date of birth (SPEC section 5)', () => {
  it('stores a real date as it is', async () => {
    const client = await loggedInClient(t, 'dob.valid@example.edu');
    await save(client, { birth_date: '1990-05-17' });
    expect((await answersOf(client)).birth_date).toBe('1990-05-17');
  });

  it.each([INCOMPLETE_DATE, '1990-02-30', '1990-5-17', 'next week'])(
    'clears the stored answer for %s',
    async (typed) => {
      const client = await loggedInClient(t, `dob.${typed.replace(/\W/g, '')}@example.edu`);
      await save(client, { birth_date: '1990-05-17' });
      await save(client, { birth_date: typed });
      expect((await answersOf(client)).birth_date).toBe('');
    },
  );
});
