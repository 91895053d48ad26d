import type { ApplicationCycleResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { restartInNextCycle } from '../../test-support/next-cycle';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { applicationsOf, startAnother } from './several-applications.test-helpers';

/**
 * Issue 42 across a cycle's close (decision 052): last cycle's applications, the account's own and a further
 * one, stay apart and read-only after the restart; a new one for the open cycle takes the account's own row.
 * A file of its own: the restart records the next cycle in the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the next cycle', () => {
  it("keeps last cycle's applications apart and read-only, and a new one takes the account's own row", async () => {
    const hal = await loggedInClient(t, 'next@example.edu');
    await save(hal, completeAnswers());
    await expectOk(await hal.post('/api/submit'));
    const first = await userIdOf(t, 'next@example.edu');
    const extra = await startAnother(hal, { program: 'GSCUP', term: '2027FA', copy_from: first });

    const { next, closeNext } = await restartInNextCycle(t);
    try {
      const same = next.client();
      for (const [name, value] of hal.cookies) same.cookies.set(name, value);
      const before = await applicationsOf(same);
      expect(before.applications.map((a) => [a.program, a.cycle.id, a.state])).toEqual([
        ['MAE', '2026-27', 'submitted'],
        ['GSCUP', '2026-27', 'closed'],
      ]);
      expect(before.can_start).toBe(true);
      const closedSave = await same.put('/api/answer', { city: 'Later' });
      expect(closedSave.json<{ code: string }>().code).toBe('CYCLE_CLOSED');

      expect(
        await startAnother(same, { program: 'MAE', term: '2028FA', copy_from: extra }).catch((e: Error) => e.message),
      ).toMatch(/409.*COPY_FROM_OTHER_CYCLE/);
      const started = await startAnother(same, { program: 'MAE', term: '2028FA' });
      expect(started).toBe(first);
      const after = await applicationsOf(same);
      expect(after.applications.map((a) => [a.program, a.cycle.id, a.state, a.current])).toEqual([
        ['MAE', '2027-28', 'in_progress', true],
        ['MAE', '2026-27', 'submitted', false],
        ['GSCUP', '2026-27', 'closed', false],
      ]);
      const cycle = (await expectOk(await same.get('/api/application/cycle'))).json<ApplicationCycleResponse>();
      expect(cycle.past.map((p) => p.cycle.id)).toEqual(['2026-27', '2026-27']);
    } finally {
      await closeNext();
    }
  });
});
