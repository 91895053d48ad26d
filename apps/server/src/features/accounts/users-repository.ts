import type { Queryable } from '../../infra/db/db';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  confirmed_at: Date | null;
}

/** The account with this address; the owner of a past cycle's application shares it but is no account (decision 052). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'SELECT id, email, password_hash, confirmed_at FROM users WHERE lower(email) = lower($1) AND application_of IS NULL',
    [email],
  );
  return rows[0];
}

/** Inserts the account, or returns undefined when the address is already taken. */
export async function insertUser(
  db: Queryable,
  user: { email: string; passwordHash: string; now: Date },
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) WHERE application_of IS NULL DO NOTHING
     RETURNING id, email, password_hash, confirmed_at`,
    [user.email, user.passwordHash, user.now],
  );
  return rows[0];
}

export async function markConfirmed(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET confirmed_at = COALESCE(confirmed_at, $2) WHERE id = $1', [userId, now]);
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}
