import { randomInt } from 'node:crypto';
import type { Queryable } from '../../infra/db/db';

export type CodePurpose = 'confirm' | 'reset';

export interface CodeRow {
  id: string;
  secret_hash: string;
  attempts: number;
  foreign_attempts: number;
  device_hash: string | null;
  expires_at: Date;
}

/** Stores a new code and retires every earlier one of the same purpose: only the latest is valid. */
export async function replaceCode(
  db: Queryable,
  code: {
    userId: string;
    purpose: CodePurpose;
    secretHash: string;
    now: Date;
    expiresAt: Date;
    device?: string | undefined;
  },
): Promise<void> {
  await db.query('UPDATE one_time_codes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    code.userId,
    code.purpose,
    code.now,
  ]);
  await db.query(
    `INSERT INTO one_time_codes (user_id, purpose, secret_hash, created_at, expires_at, device_hash)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [code.userId, code.purpose, code.secretHash, code.now, code.expiresAt, code.device ?? null],
  );
}

/**
 * The one live code (the latest, unused, unexpired), locked for the caller's
 * transaction so concurrent guesses are all counted. Its guess budgets are
 * checked by the caller (verify-one-time-code.ts).
 */
export async function findLiveCodeForUpdate(
  db: Queryable,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(
    `SELECT id, secret_hash, attempts, foreign_attempts, device_hash, expires_at FROM one_time_codes
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose, now],
  );
  return rows[0];
}

/** Rows of `code_attempt_decoys` (migration 120). */
const DECOY_SLOTS = 64;

/**
 * A wrong guess, counted on the requesting browser's budget or on the one every other browser shares.
 * A guess with no code to count it on (an unknown address: `codeId` names no row) is counted on a decoy
 * row instead, so that it too writes one row and its commit costs what a real one does: otherwise its
 * answer comes sooner, and the time tells an unknown address from a real one (issue 48, item 10).
 */
export async function countWrongAttempt(db: Queryable, codeId: string, foreign: boolean): Promise<void> {
  const counter = foreign ? 'foreign_attempts' : 'attempts';
  await db.query(
    `WITH counted AS (UPDATE one_time_codes SET ${counter} = ${counter} + 1 WHERE id = $1 RETURNING id)
     UPDATE code_attempt_decoys SET attempts = attempts + 1 WHERE slot = $2 AND NOT EXISTS (SELECT FROM counted)`,
    [codeId, randomInt(DECOY_SLOTS)],
  );
}

export async function markCodeUsed(db: Queryable, codeId: string, now: Date): Promise<void> {
  await db.query('UPDATE one_time_codes SET used_at = $2 WHERE id = $1', [codeId, now]);
}
