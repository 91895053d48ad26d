/**
 * The one database interface the features use. Both PGlite and PostgreSQL
 * speak plain parameterised SQL through it, so every repository runs on both.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Names a statement run on every request (one fixed text per name): on
   * PostgreSQL each connection then parses and plans it once instead of at
   * every call. PGlite has no use for it.
   */
  name?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
}

export interface TransactionOptions {
  /**
   * 'repeatable read': every statement sees the snapshot of the first, and a row changed by another transaction
   * since then fails the change with 40001 (serialization_failure), which the caller retries. Read committed
   * otherwise. (PGlite has one connection, so its transactions never overlap and need no level.)
   */
  isolation?: 'repeatable read';
  /**
   * A longer statement limit than the pool's, for this transaction's statements only: the office's reports
   * aggregate a whole cycle. PGlite has no statement limit.
   */
  statementTimeoutMs?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The same database for background work (jobs' workers): on PostgreSQL its own
   * small pool whose statements may run longer than a request's.
   */
  jobsDb(): Db;
  close(): Promise<void>;
}
