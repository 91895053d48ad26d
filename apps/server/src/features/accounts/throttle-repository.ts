import type { Queryable } from '../../infra/db/db';

export interface LoginThrottleRow {
  failures: number;
  locked_until: Date | null;
}

export async function findLoginThrottle(db: Queryable, email: string): Promise<LoginThrottleRow | undefined> {
  const { rows } = await db.query<LoginThrottleRow>('SELECT failures, locked_until FROM login_throttle WHERE email = $1', [
    email,
  ]);
  return rows[0];
}

/** Counts one more failure and returns the new total. */
export async function addLoginFailure(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO login_throttle (email, failures) VALUES ($1, 1)
     ON CONFLICT (email) DO UPDATE SET failures = login_throttle.failures + 1
     RETURNING failures`,
    [email],
  );
  return rows[0]!.failures;
}

export async function lockLogin(db: Queryable, email: string, until: Date): Promise<void> {
  await db.query('UPDATE login_throttle SET locked_until = $2 WHERE email = $1', [email, until]);
}

export async function clearLoginThrottle(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE email = $1', [email]);
}

/** Times of the mail requests for an address within the window, newest first. */
export async function recentMailRequests(db: Queryable, email: string, purpose: string, since: Date): Promise<Date[]> {
  const { rows } = await db.query<{ requested_at: Date }>(
    `SELECT requested_at FROM mail_requests WHERE email = $1 AND purpose = $2 AND requested_at > $3
     ORDER BY requested_at DESC`,
    [email, purpose, since],
  );
  return rows.map((r) => new Date(r.requested_at));
}

export async function recordMailRequest(db: Queryable, email: string, purpose: string, now: Date): Promise<void> {
  await db.query('INSERT INTO mail_requests (email, purpose, requested_at) VALUES ($1, $2, $3)', [email, purpose, now]);
}
