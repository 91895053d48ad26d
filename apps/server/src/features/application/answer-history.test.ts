import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyRows, loggedInClient, markSubmitted, userIdOf } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

/** answer_history: append-only, one row per accepted change, holding exactly what that change wrote. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('answer_history', () => {
  it('adds one row per save with exactly what it wrote, at the time of the save, and never rewrites a row', async () => {
    const email = 'history.all@example.edu';
    const client = await loggedInClient(t, email);
    expect(await historyRows(t, email)).toEqual([]);

    const firstAt = t.clock.now();
    await expectOk(await client.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' }));
    const afterFirst = await historyRows(t, email);
    expect(afterFirst).toEqual([{ kind: 'answer', changes: { first_name: 'Ada', last_name: 'Lovelace' } }]);

    t.clock.advance(5000);
    await expectOk(await client.put('/api/answer', { first_name: 'Augusta' }));
    await expectOk(await client.put('/api/last-page', { last_page: '/education-alr' }));
    await expectOk(await client.put('/api/add-another', { button_id: 'college', num_components: 2 }));
    await expectOk(await client.put('/api/tabs', { tab_id: 'college_2_transcript', chosen_tab: 'upload' }));
    await expectOk(await client.post('/api/web-status', { web_status: 'started' }));

    const rows = await historyRows(t, email);
    expect(rows).toEqual([
      ...afterFirst,
      { kind: 'answer', changes: { first_name: 'Augusta' } },
      { kind: 'last_page', changes: { last_page: '/education-alr' } },
      { kind: 'add_another', changes: { college: 2 } },
      { kind: 'tabs', changes: { college_2_transcript: 'upload' } },
      { kind: 'web_status', changes: { web_status: 'started' } },
    ]);

    const { rows: times } = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM answer_history WHERE user_id = $1 ORDER BY id',
      [await userIdOf(t, email)],
    );
    expect(new Date(times[0]!.created_at).toISOString()).toBe(firstAt.toISOString());
    expect(times.slice(1).map((r) => new Date(r.created_at).getTime())).toEqual(
      rows.slice(1).map(() => firstAt.getTime() + 5000),
    );
  });

  it('records the answers a save cleared along with the ones it sent', async () => {
    const email = 'history.cleared@example.edu';
    const client = await loggedInClient(t, email);
    await expectOk(await client.put('/api/answer', { suspended: 'Y', suspended_comment: 'Explained.' }));
    await expectOk(await client.put('/api/answer', { suspended: 'N' }));
    expect(await historyRows(t, email)).toEqual([
      { kind: 'answer', changes: { suspended: 'Y', suspended_comment: 'Explained.' } },
      { kind: 'answer', changes: { suspended: 'N', suspended_comment: '' } },
    ]);
  });

  it('records a tab switch and the answers it cleared', async () => {
    const email = 'history.tabs@example.edu';
    const client = await loggedInClient(t, email);
    await expectOk(await client.put('/api/answer', { college_transcript_upload: 'transcript.pdf' }));
    await expectOk(await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' }));
    expect(await historyRows(t, email)).toEqual([
      { kind: 'answer', changes: { college_transcript_upload: 'transcript.pdf' } },
      { kind: 'tabs', changes: { college_transcript: 'later' } },
      { kind: 'answer', changes: { college_transcript_upload: '' } },
    ]);
  });

  it('adds no row for a refused request', async () => {
    const email = 'history.refused@example.edu';
    const client = await loggedInClient(t, email);
    await expectOk(await client.put('/api/answer', { first_name: 'Ada' }));
    const before = await historyRows(t, email);

    const refused = [
      await client.put('/api/answer', { first_name: 'Bob', unknown_key: 'x' }),
      await client.put('/api/answer', { first_name: 'x'.repeat(46) }),
      await client.put('/api/answer', { first_name: 7 }),
      await client.put('/api/answer', { suspended: 'Y', suspended_comment: 'x'.repeat(5000) }),
      await client.put('/api/last-page', { last_page: '/nowhere' }),
      await client.put('/api/add-another', { button_id: 'college', num_components: 11 }),
      await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'nowhere' }),
      await client.post('/api/web-status', { web_status: 'submitted' }),
      await t.client().put('/api/answer', { first_name: 'Intruder' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 422, 401]);
    expect(await historyRows(t, email)).toEqual(before);

    await markSubmitted(t, email);
    const afterSubmission = [
      await client.put('/api/answer', { first_name: 'Late' }),
      await client.put('/api/answer', { suspended: 'N' }),
      await client.put('/api/last-page', { last_page: '/about' }),
      await client.put('/api/add-another', { button_id: 'college', num_components: 2 }),
      await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' }),
      await client.post('/api/web-status', { web_status: 'validating' }),
    ];
    expect(afterSubmission.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(await historyRows(t, email)).toEqual(before);
  });

  it('keeps one row per save when saves run in parallel', async () => {
    const email = 'history.parallel@example.edu';
    const client = await loggedInClient(t, email);
    const keys = ['first_name', 'middle_name', 'last_name', 'preferred_name', 'prev_lname', 'city', 'zip', 'honor'];
    await Promise.all(keys.map((k) => client.put('/api/answer', { [k]: `v-${k}` })));
    const rows = await historyRows(t, email);
    expect(rows).toHaveLength(keys.length);
    expect(rows.map((r) => r.changes).sort((a, b) => Object.keys(a)[0]!.localeCompare(Object.keys(b)[0]!))).toEqual(
      [...keys].sort().map((k) => ({ [k]: `v-${k}` })),
    );
  });
});
