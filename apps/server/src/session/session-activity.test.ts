import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@admissions/domain';
import { loggedInClient } from '../test-support/application-helpers';
import { startTestApp, type TestApp, type TestClient } from '../test-support/test-app';
import { MINUTE } from '../infra/time-units';
import { hashToken } from './secrets';
import { sessionActivity } from './session-activity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function storedLastSeen(client: TestClient): Promise<string> {
  const { rows } = await t.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE id_hash = $1', [
    hashToken(client.cookies.get(SESSION_COOKIE)!),
  ]);
  return new Date(rows[0]!.last_seen_at).toISOString();
}

describe('session row writes', () => {
  it('writes the session row at most once a minute, yet counts idle time from the last request', async () => {
    const client = await loggedInClient(t, 'activity.minute@example.edu');
    const loggedInAt = t.clock.now().toISOString();

    t.clock.advance(20_000);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    expect((await client.get('/api/keep-alive')).statusCode).toBe(200);
    expect(await storedLastSeen(client)).toBe(loggedInAt); // read, not written

    t.clock.advance(40_000);
    const aMinuteLater = t.clock.now().toISOString();
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    expect(await storedLastSeen(client)).toBe(aMinuteLater); // a minute since the last write

    t.clock.advance(30_000);
    const unwritten = t.clock.now().toISOString();
    expect((await client.get('/api/keep-alive')).statusCode).toBe(200);
    expect(await storedLastSeen(client)).toBe(aMinuteLater);

    // The request that was not written still keeps the session alive for 15 minutes from itself…
    t.clock.advance(15 * MINUTE - 1_000);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    // …and reaches the row when the record is written out.
    const last = t.clock.now().toISOString();
    expect(await storedLastSeen(client)).toBe(last); // written: the row was 15 minutes old
    expect(unwritten < last).toBe(true);
  });

  it('writes recorded request times to the rows on flush, never moving a row back', async () => {
    const client = await loggedInClient(t, 'activity.flush@example.edu');
    t.clock.advance(5_000);
    const seen = t.clock.now().toISOString();
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    expect(await storedLastSeen(client)).not.toBe(seen);
    await sessionActivity(t.db).flush();
    expect(await storedLastSeen(client)).toBe(seen);
  });

  it('still refuses a session idle for 15 minutes by both its row and its record', async () => {
    const client = await loggedInClient(t, 'activity.idle@example.edu');
    const idHash = hashToken(client.cookies.get(SESSION_COOKIE)!);
    t.clock.advance(10_000);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await client.get('/api/profile')).statusCode).toBe(401);
    // Deleted on sight, and nothing recorded brings it back.
    expect((await t.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [idHash])).rowCount).toBe(0);
    expect(sessionActivity(t.db).seenSince(idHash)).toBeUndefined();
  });
});
