import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MINUTE } from '../../infra/time-units';
import { HISTORY_COMPACT_SPAN_MS } from './compact-answer-history';
import { runHousekeeping } from './housekeeping-worker';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const history = async (userId: string) =>
  (
    await t.db.query<{ kind: string; changes: Record<string, string> }>(
      'SELECT kind, changes FROM answer_history WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows.map((r) => ({ kind: r.kind, changes: r.changes }));

describe('answer history compaction', () => {
  it('merges 30 saves of one key within a 10-minute span into 1 row with the last value, keeping later spans apart', async () => {
    // Start at the beginning of a span, so the 30 saves below fall in one.
    t.clock.advance(HISTORY_COMPACT_SPAN_MS - (t.clock.now().getTime() % HISTORY_COMPACT_SPAN_MS));
    const client = await loggedInClient(t, 'history.typist@example.edu');
    const userId = await userIdOf(t, 'history.typist@example.edu');
    const before = (await history(userId)).length;
    for (let i = 1; i <= 30; i++) {
      expect(
        (await client.put('/api/answer', { first_name: `Ada${i}`, ...(i === 3 ? { last_name: 'Lovelace' } : {}) }))
          .statusCode,
      ).toBe(200);
    }
    t.clock.advance(HISTORY_COMPACT_SPAN_MS);
    expect((await client.put('/api/answer', { first_name: 'Later' })).statusCode).toBe(200);
    expect((await history(userId)).length).toBe(before + 31);

    // The current span is not settled yet: only the first is compacted.
    const result = await runHousekeeping(t.deps, t.app.log);
    expect(result.historyRowsCompacted).toBe(29);
    const rows = (await history(userId)).slice(before);
    expect(rows).toEqual([
      { kind: 'answer', changes: { first_name: 'Ada30', last_name: 'Lovelace' } },
      { kind: 'answer', changes: { first_name: 'Later' } },
    ]);
    // The answers themselves are untouched, and a second run changes nothing.
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    t.clock.advance(HISTORY_COMPACT_SPAN_MS);
    expect((await runHousekeeping(t.deps, t.app.log)).historyRowsCompacted).toBe(0);
    expect((await history(userId)).slice(before)).toEqual(rows);
  });

  it('never merges across a row of another kind, so the order of events stays exact', async () => {
    const client = await loggedInClient(t, 'history.kinds@example.edu');
    const userId = await userIdOf(t, 'history.kinds@example.edu');
    const before = (await history(userId)).length;
    await client.put('/api/answer', { first_name: 'A' });
    await t.db.query(
      `INSERT INTO answer_history (user_id, kind, changes, created_at) VALUES ($1, 'clear', '{"first_name":""}', $2)`,
      [userId, t.clock.now()],
    );
    await client.put('/api/answer', { first_name: 'B' });
    t.clock.advance(2 * HISTORY_COMPACT_SPAN_MS + MINUTE);
    await runHousekeeping(t.deps, t.app.log);
    expect((await history(userId)).slice(before).map((r) => r.kind)).toEqual(['answer', 'clear', 'answer']);
  });
});
