import type { Db } from '../infra/db/db';
import { createTestDb } from './test-db';

/**
 * The database a server child process uses: PGlite in its own DATA_DIR, or a
 * fresh PostgreSQL database (migrated, without the job queue's schema), which
 * `db.close()` drops.
 */
export async function processDatabase(): Promise<{ env: Record<string, string>; db?: Db }> {
  if (process.env.TEST_DB !== 'postgres') return { env: {} };
  const db = await createTestDb();
  return { env: { DATABASE_URL: (db as unknown as { connectionString: string }).connectionString }, db };
}
