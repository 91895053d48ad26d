import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../infra/db/db';
import { APPLICATION_TABLES } from './application-tables';

export interface LockedAccount {
  id: string;
  email: string;
  confirmed_at: Date | null;
}

/**
 * Locks the account's row by writing it (a change of nothing but its version): whatever starts an application
 * (a new cycle's, a further one of this cycle) takes this lock before it writes, so two tabs starting at once are
 * served one after the other, and a repeatable-read start that read the account before another start committed
 * fails with 40001 rather than acting on what it read (insertStartedApplication folds the same update into its
 * write). `$1`: the account's id.
 */
export const LOCK_ACCOUNT_SQL = `UPDATE users SET email = email WHERE id = $1 AND application_of IS NULL
  RETURNING id, email, confirmed_at`;

/** The account's row, locked (LOCK_ACCOUNT_SQL). Undefined for a past owner or no account. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<LockedAccount | undefined> {
  const { rows } = await tx.query<LockedAccount>(LOCK_ACCOUNT_SQL, [accountId]);
  return rows[0];
}

/**
 * Decision 052: every row of the application kept under the account's own id moves to a new owner (a users row
 * that is no account, application_of = the account), so the office keeps it under its cycle and the account's
 * row is free for a new application; moved_applications keeps the move (decision 064). Runs in the caller's
 * transaction, under lockAccount.
 */
export async function moveToPastOwner(tx: Queryable, account: LockedAccount, now: Date): Promise<string> {
  const ownerId = await insertOwner(tx, account, now);
  for (const { table, column } of APPLICATION_TABLES)
    await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [account.id, ownerId]);
  // The office's links named the application by the account's id: the move is kept, so they still find it (064).
  await tx.query(
    `INSERT INTO moved_applications (old_id, cycle_id, new_id, moved_at)
     SELECT $1, cycle_id, user_id, $3 FROM applications WHERE user_id = $2 AND cycle_id IS NOT NULL`,
    [account.id, ownerId, now],
  );
  return ownerId;
}

/** A users row that owns an application of the account: no password, so nobody logs in as it. */
export async function insertOwner(
  tx: Queryable,
  account: LockedAccount,
  now: Date,
  ownerId: string = randomUUID(),
): Promise<string> {
  await tx.query(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of)
     VALUES ($1, $2, '', $3, $4, $5)`,
    [ownerId, account.email, account.confirmed_at, now, account.id],
  );
  return ownerId;
}
