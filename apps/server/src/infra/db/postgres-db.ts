import pg from 'pg';
import type { Db, Queryable, QueryOptions, TransactionOptions } from './db';
import { dbPoolWait } from '../metrics/metrics';
import { isDatabaseUnavailable } from './database-unavailable';

export interface PostgresOptions {
  connectionString: string;
  max?: number;
  /** How long a statement may wait for a row lock before it fails (0: for ever). */
  lockTimeoutMs?: number;
  /**
   * How long getting a connection may take, from the pool or a new one, before
   * the call fails: a database that does not answer, or a pool all in use.
   */
  connectTimeoutMs?: number;
  /**
   * How long a statement may run. The server cancels it (statement_timeout), and
   * the client gives up a moment later on its own (query_timeout), for a
   * database or network that froze without closing the connection.
   */
  statementTimeoutMs?: number;
  /** The statement limit of background work (jobsDb): conversions, housekeeping, reminders. */
  jobStatementTimeoutMs?: number;
}

/** How long after statement_timeout the client stops waiting for a server that says nothing. */
const QUERY_TIMEOUT_GRACE_MS = 500;
/**
 * Calls waiting for a connection beyond this many per pooled connection are refused at once. Each
 * waits at most the connect limit anyway; the cap only keeps a stuck database from gathering an
 * unbounded queue. It must stay well above a healthy burst: one applicant's 100 parallel calls
 * (pdf-fairness.test.ts) must not turn another applicant's call into a 503.
 */
const WAITING_PER_CONNECTION = 25;

/**
 * A pooled connection to a PostgreSQL server. No request waits long: not for
 * a lock (an applicant's row held by something stuck fails that applicant's
 * save after a few seconds, instead of holding up the saves batched with it),
 * not for a connection, not for a statement. A frozen database thus answers
 * 503 within the connect or statement limit (database-unavailable.ts), and no
 * queue of waiting calls grows without limit. Background work runs on its own
 * small pool with a longer statement limit (jobsDb).
 */
export interface PostgresDb extends Db {
  readonly kind: 'postgres';
  /** Where the pool connects, so the job queue can open its own small pool on the same database. */
  readonly connectionString: string;
  /** The request pool's connections now, for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
}

/** Thrown without waiting when too many calls already wait for a connection: answered 503 like an outage. */
class PoolExhaustedError extends Error {
  readonly code = '53300';
  override message = 'timeout exceeded when trying to connect: too many calls waiting for a database connection';
}

export function createPostgresDb(options: PostgresOptions): PostgresDb {
  const settings = withDefaults(options);
  const { connectionString, max } = settings;
  const pool = openPool(settings);
  const waiting: Waiting = { pool, maxWaiting: max * WAITING_PER_CONNECTION };
  let jobs: PostgresDb | undefined;
  return {
    kind: 'postgres',
    connectionString,
    ...pooledQueryable(waiting),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    transaction: (fn, options) => runTransaction(waiting, fn, options),
    jobsDb() {
      jobs ??= createPostgresDb(jobsOptions(settings));
      return jobs;
    },
    async close() {
      await Promise.all([pool.end(), jobs?.close()]);
    },
  };
}

function withDefaults(options: PostgresOptions): Required<PostgresOptions> {
  const {
    connectionString,
    max = 20,
    lockTimeoutMs = 5000,
    connectTimeoutMs = 1000,
    statementTimeoutMs = 2000,
    jobStatementTimeoutMs = 15_000,
  } = options;
  return { connectionString, max, lockTimeoutMs, connectTimeoutMs, statementTimeoutMs, jobStatementTimeoutMs };
}

/** The options of the background work's own small pool, on the same database. */
function jobsOptions(settings: Required<PostgresOptions>): PostgresOptions {
  const { connectionString, lockTimeoutMs, connectTimeoutMs, jobStatementTimeoutMs } = settings;
  return {
    connectionString,
    max: 4,
    lockTimeoutMs,
    connectTimeoutMs: Math.max(connectTimeoutMs, 5000),
    statementTimeoutMs: jobStatementTimeoutMs,
    jobStatementTimeoutMs,
  };
}

function openPool(settings: Required<PostgresOptions>): pg.Pool {
  const { connectionString, max, lockTimeoutMs, connectTimeoutMs, statementTimeoutMs } = settings;
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS,
    idle_in_transaction_session_timeout: statementTimeoutMs + 5000,
    keepAlive: true,
    // A lock wait must end before the statement limit does, so that it fails as what it is (55P03, that
    // applicant's save alone) and not as a statement cancelled for time (answered 503 like an outage).
    ...(lockTimeoutMs ? { lock_timeout: Math.min(lockTimeoutMs, Math.round(statementTimeoutMs * 0.75)) } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** The pool, and how many calls may wait for one of its connections before more are refused. */
interface Waiting {
  pool: pg.Pool;
  maxWaiting: number;
}

function checkQueue({ pool, maxWaiting }: Waiting): void {
  if (pool.waitingCount >= maxWaiting) throw new PoolExhaustedError();
}

async function connect({ pool }: Waiting): Promise<pg.PoolClient> {
  const started = performance.now();
  const client = await pool.connect();
  dbPoolWait.observe((performance.now() - started) / 1000);
  return client;
}

/** `limitMs`: a transaction's own statement limit (TransactionOptions), the client waiting as much longer. */
const run = (q: pg.PoolClient, text: string, values: unknown[], name: string | undefined, limitMs?: number) =>
  name || limitMs
    ? q.query({ name, text, values, ...(limitMs ? { query_timeout: limitMs + QUERY_TIMEOUT_GRACE_MS } : {}) })
    : q.query(text, values);
/**
 * The statement's rows, taken out of pg's result: the result is left without them. Left in it, they outlived the call
 * in V8's eyes: each young-generation collection found about half of what it scanned still reachable and moved it to
 * the old generation, where only a full collection frees it (the read API's list: 14 MB moved a collection, each one
 * pausing the server 5 to 13 ms; a bare loop of pg queries the same, 60% kept against 0.3% with the rows taken
 * out; docs/performance/api-v1.md, 2026-11-30 evening). Something of pg's that lives on holds on to the result.
 */
function rowsOf<T>(res: pg.QueryResult) {
  const rows = res.rows as T[];
  if (Array.isArray(rows)) res.rows = [];
  return { rows, rowCount: res.rowCount ?? 0 };
}

/**
 * A statement on a connection of its own from the pool, as pool.query does (a failed statement's
 * connection is dropped), with the wait for it timed.
 */
function pooledQueryable(waiting: Waiting): Queryable {
  return {
    async query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions) {
      checkQueue(waiting);
      const client = await connect(waiting);
      // A connection lost mid-statement also fails the statement; its 'error' event must not crash the process.
      const ignore = () => {};
      client.on('error', ignore);
      try {
        const res = await run(client, text, params as unknown[], options?.name);
        client.release();
        return rowsOf<T>(res);
      } catch (err) {
        client.release(err as Error);
        throw err;
      } finally {
        client.removeListener('error', ignore);
      }
    },
  };
}

async function runTransaction<T>(
  waiting: Waiting,
  fn: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  checkQueue(waiting);
  const client = await connect(waiting);
  let broken: unknown;
  try {
    const begin = options.isolation ? `BEGIN ISOLATION LEVEL ${options.isolation.toUpperCase()}` : 'BEGIN';
    // One round trip: a simple query may hold both statements.
    const limit = options.statementTimeoutMs;
    await client.query(limit ? `${begin}; SET LOCAL statement_timeout = ${Math.round(limit)}` : begin);
    const result = await fn(inTransaction(client, limit));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A connection that timed out or dropped is not asked to roll back (it would wait as long again):
    // it is thrown away, and the server ends its transaction with it.
    if (isDatabaseUnavailable(err)) broken = err;
    else await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
    throw err;
  } finally {
    client.release(broken instanceof Error ? broken : broken ? true : undefined);
  }
}

/**
 * A transaction's statements, on its one connection, which runs one statement at a time. Statements its
 * code asks for at once (reads under Promise.all) are sent one after another here: pg queues them itself
 * only with a deprecation warning, and pg 9 refuses them.
 */
function inTransaction(client: pg.PoolClient, limitMs?: number): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  return {
    async query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions) {
      const turn = last.then(() => run(client, text, params as unknown[], options?.name, limitMs));
      last = turn.catch(() => undefined);
      return rowsOf<T>(await turn);
    },
  };
}
