import type { Queryable } from '../../infra/db/db';

export interface LoginThrottleRow {
  failures: number;
  locked_until: Date | null;
}

/** Keys are throttle keys (trusted-devices.ts throttleKey): the address, or the address and a trusted device. */
export async function findLoginThrottle(db: Queryable, key: string): Promise<LoginThrottleRow | undefined> {
  const { rows } = await db.query<LoginThrottleRow>(
    'SELECT failures, locked_until FROM login_throttle WHERE email = $1',
    [key],
  );
  return rows[0];
}

/**
 * Counts one more failure and returns the new total. Failures decay: one is
 * forgiven for every `decayMs` since the last, so a trickle of wrong
 * passwords never adds up to a lasting lock.
 */
export async function addLoginFailure(db: Queryable, key: string, now: Date, decayMs: number): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO login_throttle (email, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (email) DO UPDATE SET
       failures = 1 + GREATEST(0, login_throttle.failures - COALESCE(
         floor(EXTRACT(EPOCH FROM ($2::timestamptz - login_throttle.last_failure_at)) * 1000 / $3::int)::int,
         login_throttle.failures)),
       last_failure_at = $2
     RETURNING failures`,
    [key, now, decayMs],
  );
  return rows[0]!.failures;
}

export async function lockLogin(db: Queryable, key: string, until: Date): Promise<void> {
  await db.query('UPDATE login_throttle SET locked_until = $2 WHERE email = $1', [key, until]);
}

export async function clearLoginThrottle(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE email = $1', [key]);
}

/** Every login throttle of the address: the shared one and each trusted device's (after a password reset). */
export async function clearLoginThrottles(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM login_throttle WHERE email = $1 OR starts_with(email, $1 || ' device:')", [email]);
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
