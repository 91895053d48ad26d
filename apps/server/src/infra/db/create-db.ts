import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from './db';
import { migrate } from './migrate';
import { createPgliteDb } from './pglite-db';
import { createPostgresDb } from './postgres-db';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated either way. */
export async function createDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'dbConnectTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb({
      connectionString: config.databaseUrl,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await createPgliteDb(dir);
  }
  await migrate(db);
  return db;
}
