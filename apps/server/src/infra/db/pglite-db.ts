import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Embedded PostgreSQL (WASM) kept in a folder, or in memory when dataDir is undefined. */
export async function createPgliteDb(dataDir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dataDir);
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(text, params as unknown[]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
