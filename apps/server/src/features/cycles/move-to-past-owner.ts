import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../infra/db/db';
import { APPLICATION_TABLES } from './application-tables';

export interface LockedAccount {
  id: string;
  email: string;
  confirmed_at: Date | null;
}

/**
 * The account's row, locked: whatever starts an application (a new cycle's, a further one of this cycle) takes
 * this lock first, so two tabs starting at once are served one after the other. Undefined for a past owner.
 */
export async function lockAccount(tx: Queryable, accountId: string): Promise<LockedAccount | undefined> {
  const { rows } = await tx.query<LockedAccount>(
    'SELECT id, email, confirmed_at FROM users WHERE id = $1 AND application_of IS NULL FOR UPDATE',
    [accountId],
  );
  return rows[0];
}

/**
 * Decision 052: every row of the application kept under the account's own id moves to a new owner (a users row
 * that is no account, application_of = the account), so the office keeps it under its cycle and the account's
 * row is free for a new application. Runs in the caller's transaction, under lockAccount.
 */
export async function moveToPastOwner(tx: Queryable, account: LockedAccount, now: Date): Promise<string> {
  const ownerId = await insertOwner(tx, account, now);
  for (const { table, column } of APPLICATION_TABLES)
    await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [account.id, ownerId]);
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
