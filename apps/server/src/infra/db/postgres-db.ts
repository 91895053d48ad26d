import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db';

export interface PostgresOptions {
  connectionString: string;
  max?: number;
  /** How long a statement may wait for a row lock before it fails (0: for ever). */
  lockTimeoutMs?: number;
  /** How long opening a connection may take before the query fails (a database that does not answer). */
  connectTimeoutMs?: number;
  /**
   * How long a statement may run. The server cancels it (statement_timeout), and
   * the client gives up a little later on its own (query_timeout), for a
   * database or network that froze without closing the connection.
   */
  statementTimeoutMs?: number;
}

/**
 * A pooled connection to a PostgreSQL server. No request waits long for a
 * lock: an applicant's row held by something stuck fails that applicant's
 * save after a few seconds, instead of holding up the saves batched with it.
 */
export interface PostgresDb extends Db {
  readonly kind: 'postgres';
  /** Where the pool connects, so the job queue can open its own small pool on the same database. */
  readonly connectionString: string;
}

export function createPostgresDb({
  connectionString,
  max = 20,
  lockTimeoutMs = 5000,
  connectTimeoutMs = 5000,
  statementTimeoutMs = 15_000,
}: PostgresOptions): PostgresDb {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 2000,
    idle_in_transaction_session_timeout: statementTimeoutMs + 5000,
    keepAlive: true,
    ...(lockTimeoutMs ? { lock_timeout: lockTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions) {
      const values = params as unknown[];
      const res = await (options?.name ? q.query({ name: options.name, text, values }) : q.query(text, values));
      return { rows: res.rows as T[], rowCount: res.rowCount ?? 0 };
    },
  });
  return {
    kind: 'postgres',
    connectionString,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
