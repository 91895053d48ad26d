import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type PostgresDb } from './postgres-db';

/**
 * PostgreSQL only (PGlite has no pg driver under it): a statement's rows, once the caller lets go of them, are freed
 * by V8's young-generation collection, as what a call makes and drops should be. pg's result of the statement held on
 * to them, so each young collection moved about half of what it scanned to the old generation, freed only by a full
 * collection: on the read API's list 14 MB a collection and pauses of 5 to 13 ms (docs/performance/api-v1.md,
 * 2026-11-30 evening). The pool is the product's own (createPostgresDb, with its statement limits).
 *
 * Measured in this file's own process (the group of files with a process each, vitest.config.ts): the old
 * generation's growth over two young collections after a full one, with rows the test keeps (moved, as they must be:
 * the measure sees them) and with rows it drops (freed).
 */
describe.runIf(process.env.TEST_DB === 'postgres')("a statement's rows", () => {
  const STATEMENTS = 40;
  const ROWS = 100;
  const TEXT = 2000;
  const SQL = `SELECT g AS n, repeat('x', ${TEXT}) || g AS text FROM generate_series(1, ${ROWS}) g`;
  let db: PostgresDb | undefined;
  afterAll(async () => {
    await db?.close();
  });

  it('are freed by a young collection once the caller drops them, and kept when the caller keeps them', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
    db = createPostgresDb({ connectionString: process.env.TEST_DATABASE_URL!, max: 2 });
    const movedToOld = async (kept: unknown[] | null) => {
      for (let i = 0; i < 5; i++) await db!.query(SQL);
      gc({ type: 'major' });
      const before = oldSpace();
      let rowsRead = 0;
      for (let i = 0; i < STATEMENTS; i++) {
        const { rows } = await db!.query<{ n: number; text: string }>(SQL);
        rowsRead += rows.length;
        kept?.push(rows);
      }
      expect(rowsRead).toBe(STATEMENTS * ROWS);
      await new Promise((resolve) => setImmediate(resolve));
      // Two: the first copies what is reachable within the young generation, the second moves it to the old one.
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      return oldSpace() - before;
    };
    const bytesRead = STATEMENTS * ROWS * TEXT;

    const kept: unknown[] = [];
    expect(await movedToOld(kept)).toBeGreaterThan(bytesRead * 0.5);
    expect(kept).toHaveLength(STATEMENTS);
    kept.length = 0;

    expect(await movedToOld(null)).toBeLessThan(bytesRead * 0.1);
  });
});
