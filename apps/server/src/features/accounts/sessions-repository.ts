import type { Queryable } from '../../infra/db/db';

export interface LiveSessionRow {
  user_id: string;
  email: string;
  is_staff: boolean;
}

export async function insertSession(db: Queryable, idHash: string, userId: string, now: Date, isStaff = false): Promise<void> {
  await db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, is_staff) VALUES ($1, $2, $3, $3, $4)', [
    idHash,
    userId,
    now,
    isStaff,
  ]);
}

/**
 * Marks the session seen now and returns it, unless it was last seen at or
 * before idleBefore or created at or before createdBefore (staffCreatedBefore
 * for a staff session; then nothing changes). One statement, so checking and extending cannot race.
 */
export async function touchLiveSession(
  db: Queryable,
  idHash: string,
  now: Date,
  idleBefore: Date,
  createdBefore: Date,
  staffCreatedBefore: Date = createdBefore,
): Promise<LiveSessionRow | undefined> {
  const { rows } = await db.query<LiveSessionRow>(
    `UPDATE sessions s SET last_seen_at = GREATEST(s.last_seen_at, $2)
     FROM users u
     WHERE s.id_hash = $1 AND u.id = s.user_id AND s.last_seen_at > $3 AND s.created_at > $4
       AND (NOT s.is_staff OR s.created_at > $5)
     RETURNING s.user_id, u.email, s.is_staff`,
    [idHash, now, idleBefore, createdBefore, staffCreatedBefore],
  );
  return rows[0];
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
