import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../apps/server/src/infra/db/migrate';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A migrated PostgreSQL database of its own and a data folder for one benchmark run, both removed
 * by `drop()`, so a benchmark never touches another run's data.
 */
export async function scratchDatabase(name: string) {
  const dbName = `ap_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `ap-${name}-`));
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const setup = createPostgresDb({ connectionString: url.toString(), max: 4 });
    await migrate(setup);
    await setup.close();
  } catch (err) {
    await drop();
    throw err;
  }
  return { url: url.toString(), dataDir, drop };
}
