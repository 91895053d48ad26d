import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from './db';
import { migrate } from './migrate';
import { createPgliteDb } from './pglite-db';
import { createPostgresDb } from './postgres-db';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated either way. */
export async function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb({ connectionString: config.databaseUrl });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await createPgliteDb(dir);
  }
  await migrate(db);
  return db;
}
