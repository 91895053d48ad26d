import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { save } from '../../test-support/application-helpers';
import { STAFF_ENV, applicantWith } from '../../test-support/staff-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { catchUpConsoleIndex, refreshConsoleIndex } from './console-index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

const indexed = async () =>
  (
    await t.db.query<{ email: string; first_name: string }>(
      'SELECT email, first_name FROM staff_application_index ORDER BY email',
    )
  ).rows;

describe('the console read model', () => {
  it('is rebuilt from answer_history: a short pass takes part of a backlog, the job catches up the rest', async () => {
    const ctx = createFormContext(t.deps.config.tenant);
    const a = await applicantWith(t, 'idx-a@example.edu', { first_name: 'A1' });
    for (let i = 2; i <= 5; i++) await save(a.client, { first_name: `A${i}` });
    await applicantWith(t, 'idx-b@example.edu', { first_name: 'B1' });

    // Five history rows of A come first: a pass of three rows sees only A (indexed as it is now).
    expect(await refreshConsoleIndex(t.deps, ctx, 3)).toBe(3);
    expect(await indexed()).toEqual([{ email: 'idx-a@example.edu', first_name: 'A5' }]);

    await catchUpConsoleIndex(t.deps, ctx);
    expect(await indexed()).toEqual([
      { email: 'idx-a@example.edu', first_name: 'A5' },
      { email: 'idx-b@example.edu', first_name: 'B1' },
    ]);
    expect(await refreshConsoleIndex(t.deps, ctx)).toBe(0);

    await save(a.client, { first_name: 'Ann' });
    expect(await refreshConsoleIndex(t.deps, ctx)).toBeGreaterThan(0);
    expect((await indexed())[0]).toEqual({ email: 'idx-a@example.edu', first_name: 'Ann' });
  });
});
