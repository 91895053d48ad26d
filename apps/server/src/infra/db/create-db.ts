import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from './db';
import { migrate } from './migrate';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated either way.
 * Each driver is imported only when it is used: PGlite (WASM) alone costs most
 * of a start, and a server on PostgreSQL never needs it.
 */
export async function createDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<Config, 'dbConnectTimeoutMs' | 'dbStatementTimeoutMs' | 'dbJobStatementTimeoutMs' | 'dbPoolSize'>>,
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    const { createPostgresDb } = await import('./postgres-db');
    db = createPostgresDb({
      connectionString: config.databaseUrl,
      max: config.dbPoolSize,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      jobStatementTimeoutMs: config.dbJobStatementTimeoutMs,
    });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const { createPgliteDb } = await import('./pglite-db');
    db = await createPgliteDb(dir);
  }
  await migrate(db);
  return db;
}
