import type { PasskeySummary } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** A member's TOTP row: the sealed key, and whether it was confirmed with a code. */
export interface TotpRow {
  secret_sealed: string;
  confirmed_at: Date | null;
  last_step: string;
}

export async function findTotp(db: Queryable, userId: string): Promise<TotpRow | undefined> {
  const { rows } = await db.query<TotpRow>(
    'SELECT secret_sealed, confirmed_at, last_step FROM staff_totp WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** A new unconfirmed key, replacing an earlier unconfirmed one; false when a confirmed key is there already. */
export async function startTotp(db: Queryable, userId: string, sealed: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO staff_totp (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = EXCLUDED.created_at,
       last_step = 0
     WHERE staff_totp.confirmed_at IS NULL
     RETURNING 1`,
    [userId, sealed, now],
  );
  return rows.length > 0;
}

/**
 * Takes a code's time step, once: only a step later than the last one accepted, in one statement, so the same code
 * sent twice at once is accepted at most once. `confirmed`: the key must be confirmed already (a sign-in), or not
 * yet (the enrolment's confirmation, which confirms it).
 */
export async function takeTotpStep(
  db: Queryable,
  userId: string,
  step: number,
  confirmed: boolean,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE staff_totp SET last_step = $2, confirmed_at = COALESCE(confirmed_at, $3)
     WHERE user_id = $1 AND last_step < $2 AND (confirmed_at IS NOT NULL) = $4
     RETURNING 1`,
    [userId, step, now, confirmed],
  );
  return rows.length > 0;
}

/** The member's recovery codes replaced by new ones (their hashes). */
export async function replaceRecoveryCodes(db: Queryable, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO staff_recovery_codes (user_id, code_hash, created_at) SELECT $1, h, $3 FROM unnest($2::text[]) AS h`,
    [userId, hashes, now],
  );
}

/** Uses a recovery code, once (one statement: two tries at once cannot both use it). */
export async function useRecoveryCode(db: Queryable, userId: string, hash: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE staff_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
     RETURNING 1`,
    [userId, hash, now],
  );
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM staff_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]!.n;
}

export interface PasskeyRow {
  credential_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT credential_id, public_key, counter, transports, name, created_at, last_used_at FROM staff_passkeys
     WHERE user_id = $1 ORDER BY created_at, credential_id`,
    [userId],
  );
  return rows;
}

export function passkeySummary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.credential_id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/** A new passkey; false when its credential is registered already (to anyone). */
export async function insertPasskey(
  db: Queryable,
  userId: string,
  passkey: { id: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
  now: Date,
): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO staff_passkeys (credential_id, user_id, public_key, counter, transports, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING
     RETURNING credential_id, public_key, counter, transports, name, created_at, last_used_at`,
    [passkey.id, userId, Buffer.from(passkey.publicKey), passkey.counter, passkey.transports, passkey.name, now],
  );
  return rows[0];
}

export async function recordPasskeyUse(
  db: Queryable,
  userId: string,
  credentialId: string,
  counter: number,
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE staff_passkeys SET counter = $3, last_used_at = $4 WHERE user_id = $1 AND credential_id = $2',
    [userId, credentialId, counter, now],
  );
}

export async function deletePasskey(db: Queryable, userId: string, credentialId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM staff_passkeys WHERE user_id = $1 AND credential_id = $2 RETURNING name',
    [userId, credentialId],
  );
  return rows[0]?.name;
}

/** The session's pending WebAuthn challenge, taken: cleared in the same statement, so it is used once. */
export async function takeChallenge(db: Queryable, idHash: string): Promise<string | null> {
  const { rows } = await db.query<{ challenge: string | null }>(
    `WITH before AS (SELECT webauthn_challenge FROM sessions WHERE id_hash = $1 FOR UPDATE)
     UPDATE sessions s SET webauthn_challenge = NULL FROM before WHERE s.id_hash = $1
     RETURNING before.webauthn_challenge AS challenge`,
    [idHash],
  );
  return rows[0]?.challenge ?? null;
}

export async function storeChallenge(db: Queryable, idHash: string, challenge: string): Promise<void> {
  await db.query('UPDATE sessions SET webauthn_challenge = $2 WHERE id_hash = $1', [idHash, challenge]);
}

/** The session passed its second factor now (and that is its latest proof, for the step-up check). */
export async function markSecondFactorPassed(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET mfa_passed_at = $2, authenticated_at = $2 WHERE id_hash = $1', [idHash, now]);
}

/** A fresh sign-in for a risky action. */
export async function markAuthenticated(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET authenticated_at = $2 WHERE id_hash = $1', [idHash, now]);
}

export async function passwordHashOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}

/** Every second factor of the member gone, and their staff sessions ended: they enrol again at the next sign-in. */
export async function resetSecondFactor(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM staff_totp WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM staff_passkeys WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND is_staff', [userId]);
}
