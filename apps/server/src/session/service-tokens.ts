import { SERVICE_TOKEN_TTL_MINUTES } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';
import { MINUTE } from '../infra/time-units';
import { generateToken, hashToken } from './secrets';

export const SERVICE_TOKEN_TTL_MS = SERVICE_TOKEN_TTL_MINUTES * MINUTE;

export interface CreatedServiceToken {
  id: string;
  token: string;
  expiresAt: Date;
}

/**
 * A print link for one application: 256 random bits, of which only the
 * SHA-256 is stored, good for SERVICE_TOKEN_TTL_MINUTES. The caller has
 * checked that a staff member asks (features/staff).
 */
export async function createServiceToken(
  db: Queryable,
  applicationUserId: string,
  staff: { userId: string; email: string },
  now: Date,
): Promise<CreatedServiceToken> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SERVICE_TOKEN_TTL_MS);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO service_tokens (token_hash, application_user_id, created_by, created_by_email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [hashToken(token), applicationUserId, staff.userId, staff.email, now, expiresAt],
  );
  return { id: rows[0]!.id, token, expiresAt };
}

export interface LiveServiceToken {
  id: string;
  applicationUserId: string;
  createdBy: string | null;
  createdByEmail: string;
}

/** The application a token opens, or undefined when it is unknown, expired or revoked. */
export async function resolveServiceToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<LiveServiceToken | undefined> {
  const { rows } = await db.query<{
    id: string;
    application_user_id: string;
    created_by: string | null;
    created_by_email: string;
  }>(
    `SELECT id, application_user_id, created_by, created_by_email FROM service_tokens
     WHERE token_hash = $1 AND expires_at > $2 AND revoked_at IS NULL`,
    [hashToken(token), now],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      applicationUserId: row.application_user_id,
      createdBy: row.created_by,
      createdByEmail: row.created_by_email,
    }
  );
}

/** Withdraws a token at once; returns the application it was for, or undefined when there was none live. */
export async function revokeServiceToken(db: Queryable, id: string, now: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ application_user_id: string }>(
    `UPDATE service_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING application_user_id`,
    [id, now],
  );
  return rows[0]?.application_user_id;
}
