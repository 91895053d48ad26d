import { readdirSync } from 'node:fs';
import type { Queryable } from '../../infra/db/db';
import { MIGRATIONS_DIR } from '../../infra/db/migrate';
import { isStopping } from '../../infra/lifecycle';

/**
 * A probe gives up after this: a database that does not answer within it is
 * down for the balancer (issue 31: 503 within 2 s of PostgreSQL becoming
 * unreachable, whatever the pool's own connect and statement limits).
 */
export const READINESS_PROBE_TIMEOUT_MS = 1200;

export type Readiness = { ready: true } | { ready: false; reason: 'stopping' | 'database' | 'migrations' };

/**
 * Whether this process should be sent calls: not while stopping, and only
 * when the database answers and holds every migration this build ships.
 * Probes that arrive together share one query, so a balancer's checks from
 * many places never queue up on a slow database.
 */
export function createReadinessProbe(db: Queryable, migrationsDir = MIGRATIONS_DIR) {
  const expected = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  let running: Promise<Readiness> | undefined;

  const probe = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READINESS_PROBE_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([
        db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE id = ANY($1::text[])', [
          expected,
        ]),
        timeout,
      ]);
      if (answer === 'timeout') return { ready: false, reason: 'database' };
      return answer.rows[0]?.n === expected.length ? { ready: true } : { ready: false, reason: 'migrations' };
    } catch {
      return { ready: false, reason: 'database' };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async check(): Promise<Readiness> {
      if (isStopping()) return { ready: false, reason: 'stopping' };
      running ??= probe().finally(() => (running = undefined));
      const result = await running;
      return isStopping() ? { ready: false, reason: 'stopping' } : result;
    },
  };
}
