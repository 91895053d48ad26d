import { SESSION_COOKIE } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../infra/db/db';
import { SESSION_IDLE_MS } from '../../session/account-limits';
import { hashToken } from '../../session/secrets';
import {
  answersOf,
  anotherSession,
  historyRows,
  loggedInClient,
  markSubmitted,
  userIdOf,
} from '../../test-support/application-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createInSessionSaver } from './save-answers-in-session';

/**
 * The batched hot path: saves made at the same moment share one statement,
 * yet each keeps its own outcome, as if it had been sent alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The database, counting the statements sent through it; optionally failing the first ones. */
function countingDb(failures: unknown[] = []) {
  const db: Queryable & { statements: number } = {
    statements: 0,
    async query(text, params) {
      db.statements++;
      const failure = failures.shift();
      if (failure) throw failure;
      return t.db.query(text, params);
    },
  };
  return db;
}

const sessionHashOf = (client: TestClient) => hashToken(client.cookies.get(SESSION_COOKIE)!);

describe('saves that arrive together', () => {
  it('go to the database as one statement, and every one of them is kept with its own history row', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => loggedInClient(t, `batch.${i}@example.edu`)));
    const db = countingDb();
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    const results = await Promise.all(
      clients.map((c, i) => saveInSession(sessionHashOf(c), { first_name: `Name ${i}`, city: `City ${i}` })),
    );

    expect(results).toEqual(Array(6).fill('saved'));
    expect(db.statements).toBe(1);
    for (const [i, client] of clients.entries()) {
      expect(await answersOf(client)).toMatchObject({ first_name: `Name ${i}`, city: `City ${i}` });
      expect(await historyRows(t, `batch.${i}@example.edu`)).toEqual([
        { kind: 'answer', changes: { first_name: `Name ${i}`, city: `City ${i}` } },
      ]);
    }
  });

  it("merges one applicant's saves in the order they arrived, from one tab or two, later answers winning", async () => {
    const email = 'batch.order@example.edu';
    const tab = await loggedInClient(t, email);
    const phone = await anotherSession(t, email);
    const db = countingDb();
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    const results = await Promise.all([
      saveInSession(sessionHashOf(tab), { first_name: 'Ada', last_name: 'Byron' }),
      saveInSession(sessionHashOf(phone), { last_name: 'King' }),
      saveInSession(sessionHashOf(tab), { last_name: 'Lovelace', city: 'London' }),
    ]);

    expect(results).toEqual(['saved', 'saved', 'saved']);
    expect(db.statements).toBe(1);
    expect(await answersOf(tab)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', city: 'London' });
    expect(await historyRows(t, email)).toEqual([
      { kind: 'answer', changes: { first_name: 'Ada', last_name: 'Byron' } },
      { kind: 'answer', changes: { last_name: 'King' } },
      { kind: 'answer', changes: { last_name: 'Lovelace', city: 'London' } },
    ]);
  });

  it('gives each save its own outcome: saved, no session, or already submitted, and stores only the first', async () => {
    const active = await loggedInClient(t, 'batch.active@example.edu');
    const submitted = await loggedInClient(t, 'batch.submitted@example.edu');
    await markSubmitted(t, 'batch.submitted@example.edu');
    const loggedOut = await loggedInClient(t, 'batch.out@example.edu');
    await loggedOut.get('/api/logout');
    const db = countingDb();
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    const results = await Promise.all([
      saveInSession(sessionHashOf(submitted), { first_name: 'Late' }),
      saveInSession('f'.repeat(64), { first_name: 'Forged' }),
      saveInSession(sessionHashOf(active), { first_name: 'Grace' }),
      saveInSession(hashToken('not-a-session'), { first_name: 'Nobody' }),
    ]);

    expect(results).toEqual(['submitted', 'no-session', 'saved', 'no-session']);
    expect(db.statements).toBe(1);
    expect(await answersOf(active)).toMatchObject({ first_name: 'Grace' });
    expect(await answersOf(submitted)).not.toHaveProperty('first_name');
    expect(await historyRows(t, 'batch.submitted@example.edu')).toEqual([]);
    expect(await historyRows(t, 'batch.out@example.edu')).toEqual([]);
  });

  it('keeps an idle session alive by saving, and refuses a session idle for longer than the limit', async () => {
    const client = await loggedInClient(t, 'batch.idle@example.edu');
    const saveInSession = createInSessionSaver(countingDb(), t.clock, t.deps.config.staffAuth);

    t.clock.advance(SESSION_IDLE_MS - 1000);
    expect(await saveInSession(sessionHashOf(client), { first_name: 'Still here' })).toBe('saved');
    t.clock.advance(SESSION_IDLE_MS - 1000);
    expect(await saveInSession(sessionHashOf(client), { first_name: 'Still here again' })).toBe('saved');
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await saveInSession(sessionHashOf(client), { first_name: 'Too late' })).toBe('no-session');
  });

  it('sends saves that arrive while a batch is in the database in the next batch', async () => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, (_, i) => loggedInClient(t, `batch.next.${i}@example.edu`)),
    );
    const db = countingDb();
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    const first = saveInSession(sessionHashOf(clients[0]!), { first_name: 'First' });
    await new Promise((r) => setImmediate(r)); // the first batch has left
    const later = clients.slice(1).map((c, i) => saveInSession(sessionHashOf(c), { first_name: `Later ${i}` }));

    expect(await Promise.all([first, ...later])).toEqual(['saved', 'saved', 'saved', 'saved']);
    expect(db.statements).toBe(2);
  });

  it('fails the saves while the database refuses them all, and goes on saving afterwards', async () => {
    const client = await loggedInClient(t, 'batch.failure@example.edu');
    const down = new Error('connection terminated');
    const db = countingDb([down, down, down]); // the batch, then each of its two saves alone
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    const refused = await Promise.allSettled([
      saveInSession(sessionHashOf(client), { first_name: 'Lost' }),
      saveInSession(sessionHashOf(client), { last_name: 'Lost' }),
    ]);
    expect(refused.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await answersOf(client)).not.toHaveProperty('first_name');

    expect(await saveInSession(sessionHashOf(client), { first_name: 'Kept' })).toBe('saved');
    expect(await answersOf(client)).toMatchObject({ first_name: 'Kept' });
  });

  it('lets a save the database refuses fail alone: the others of its batch are saved', async () => {
    const clients = await Promise.all(
      Array.from({ length: 3 }, (_, i) => loggedInClient(t, `batch.poison.${i}@example.edu`)),
    );
    const db = countingDb();
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    // A NUL jsonb cannot hold; the route refuses it earlier (check-answer-payload.ts), this proves the saver's own guard.
    const results = await Promise.allSettled([
      saveInSession(sessionHashOf(clients[0]!), { first_name: 'Kept' }),
      saveInSession(sessionHashOf(clients[1]!), { first_name: 'Bad\u0000' }),
      saveInSession(sessionHashOf(clients[2]!), { first_name: 'Also kept' }),
    ]);

    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected'))).toEqual([
      'saved',
      'rejected',
      'saved',
    ]);
    expect(await answersOf(clients[0]!)).toMatchObject({ first_name: 'Kept' });
    expect(await answersOf(clients[2]!)).toMatchObject({ first_name: 'Also kept' });
    expect(await historyRows(t, 'batch.poison.1@example.edu')).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'fails only the save of an applicant whose row stays locked, after the lock timeout, and saves the rest',
    async () => {
      const [held, free] = await Promise.all([
        loggedInClient(t, 'batch.locked@example.edu'),
        loggedInClient(t, 'batch.unlocked@example.edu'),
      ]);
      const saveInSession = createInSessionSaver(t.db, t.clock, t.deps.config.staffAuth);
      expect(await saveInSession(sessionHashOf(held), { first_name: 'Before' })).toBe('saved');
      const heldId = await userIdOf(t, 'batch.locked@example.edu');

      let release = () => {};
      const released = new Promise<void>((r) => (release = r));
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM applications WHERE user_id = $1 FOR UPDATE', [heldId]);
        locked();
        await released;
      });
      await isLocked;
      try {
        const results = await Promise.allSettled([
          saveInSession(sessionHashOf(held), { first_name: 'Blocked' }),
          saveInSession(sessionHashOf(free), { first_name: 'Free' }),
        ]);
        expect(results[0]).toMatchObject({ status: 'rejected', reason: { code: '55P03' } });
        expect(results[1]).toEqual({ status: 'fulfilled', value: 'saved' });
      } finally {
        release();
        await holder;
      }
      expect(await answersOf(free)).toMatchObject({ first_name: 'Free' });
      expect(await answersOf(held)).toMatchObject({ first_name: 'Before' });
    },
    30_000,
  );

  it('sends a batch again when PostgreSQL ends it to break a deadlock', async () => {
    const client = await loggedInClient(t, 'batch.deadlock@example.edu');
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const db = countingDb([deadlock]);
    const saveInSession = createInSessionSaver(db, t.clock, t.deps.config.staffAuth);

    expect(await saveInSession(sessionHashOf(client), { first_name: 'Eventually' })).toBe('saved');
    expect(db.statements).toBe(2);
    expect(await historyRows(t, 'batch.deadlock@example.edu')).toEqual([
      { kind: 'answer', changes: { first_name: 'Eventually' } },
    ]);
  });
});
