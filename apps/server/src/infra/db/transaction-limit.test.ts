import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { createPostgresDb } from './postgres-db';

/**
 * PostgreSQL only: a transaction may ask for a longer statement limit than its pool's (the office's reports, which
 * aggregate a whole cycle); the server and the client both allow it, for that transaction's statements alone.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a transaction with its own statement limit', () => {
  let db: Db;
  beforeAll(() => {
    db = createPostgresDb({ connectionString: process.env.TEST_DATABASE_URL!, max: 2, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs a statement longer than the pool allows, and the pool keeps its own limit after it', async () => {
    const slept = await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(0.6)'), {
      statementTimeoutMs: 5000,
    });
    expect(slept.rows).toEqual([{ ok: 1 }]);

    await expect(db.query('SELECT pg_sleep(0.6)')).rejects.toThrow();
    await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(0.6)'))).rejects.toThrow();
    const after = await db.transaction((tx) =>
      tx.query<{ limit: string }>("SELECT current_setting('statement_timeout') AS limit"),
    );
    expect(after.rows).toEqual([{ limit: '300ms' }]);
  });
});
