import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../infra/db/db';
import { createPgliteDb } from '../infra/db/pglite-db';
import { createPostgresDb } from '../infra/db/postgres-db';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped on close.
 * The vitest projects set TEST_DB, so every server test runs on both.
 */
export async function createTestDb(): Promise<Db> {
  if (process.env.TEST_DB !== 'postgres') {
    // A copy of the database the global setup migrated once (test/pglite-template.ts).
    const template = await readFile(inject('pgliteTemplate'));
    return createPgliteDb(undefined, new Blob([template]));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for the postgres test project');
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  // A copy of the database the global setup migrated once (test/postgres-template.ts).
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb({ connectionString: url.toString(), max: 10 });
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
