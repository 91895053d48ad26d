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
  // A connection PostgreSQL ends under us (a restart, a timeout) fails the next query; it must not
  // crash the benchmark as an unhandled 'error' event first.
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `ap-${name}-`));
  const drop = async () => {
    // pg's Pool.end() resolves once it has asked its clients to end, not once they have: a backend can
    // still be there, and WITH (FORCE) terminating it makes its client emit 'error' ("terminating
    // connection due to administrator command"), which crashes a run whose pool has no listener
    // (issue 31). So the drop waits, briefly, for every connection to the database to be gone; FORCE
    // is only for one that never goes (a process killed mid-run).
    for (let waited = 0; waited < 5000; waited += 50) {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [dbName],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
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
