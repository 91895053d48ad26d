import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';

export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /** The whole database as a tarball, to start copies from (tests migrate once this way). */
  dumpDataDir(): Promise<Blob>;
  /** The instance itself, for the job queue's PGlite adapter (pg-boss `fromPglite`). */
  readonly pglite: PGlite;
}

/**
 * Embedded PostgreSQL (WASM) kept in a folder, or in memory when dataDir is
 * undefined; optionally started from a dump instead of an empty database.
 */
export async function createPgliteDb(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDb> {
  // Extensions the migrations create (pg_trgm: the staff console's search) must be loaded at every start.
  const extensions = { pg_trgm };
  const pg = await PGlite.create(dataDir, loadDataDir ? { loadDataDir, extensions } : { extensions });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(text, params as unknown[]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });
  const db: PgliteDb = {
    kind: 'pglite',
    pglite: pg,
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // In process, with no timeouts: background work shares the one instance.
    jobsDb: () => db,
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
  return db;
}
