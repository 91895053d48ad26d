import type { Queryable } from '../../infra/db/db';

export interface SessionRow {
  user_id: string;
  email: string;
  created_at: Date;
  last_seen_at: Date;
}

export async function insertSession(db: Queryable, idHash: string, userId: string, now: Date): Promise<void> {
  await db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    idHash,
    userId,
    now,
  ]);
}

export async function findSession(db: Queryable, idHash: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.user_id, u.email, s.created_at, s.last_seen_at
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`,
    [idHash],
  );
  return rows[0];
}

export async function touchSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, now]);
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

/** Ends every session of the account except, optionally, the one making the request. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepIdHash: string | undefined): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [userId, keepIdHash ?? null]);
}

export async function recordLogin(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('INSERT INTO logins (user_id, logged_in_at) VALUES ($1, $2)', [userId, now]);
}
