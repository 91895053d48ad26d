import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../apps/server/src/infra/db/migrate';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';

/**
 * Migrate once, copy per test file: `CREATE DATABASE … TEMPLATE` copies an already migrated database in
 * about a third of the time a new database takes to be created and migrated (docs/performance).
 */
export default async function setup(project: TestProject) {
  // The project's env (vitest.config.ts) names the server; this setup runs in the main process, outside it.
  const adminUrl = project.config.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for the postgres test projects');
  const name = `ap_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(db);
  } finally {
    // A template is copied only while nobody is connected to it.
    await db.close();
  }
  project.provide('postgresTemplate', name);
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
