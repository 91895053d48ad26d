import { randomUUID } from 'node:crypto';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { hashTokenSecret, newTokenSecret } from './api-token-secret';

/** A token as the console asks for it, checked (scopes known, programs the tenant's, expiry ahead). */
export interface NewApiToken {
  name: string;
  scopes: ApiTokenScope[];
  /** null: every program. */
  programs: string[] | null;
  expiresAt: Date | null;
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiTokenScope[];
  programs: string[] | null;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, prefix, scopes, programs, created_by, created_at, expires_at, last_used_at, revoked_at';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function tokenOf(r: TokenRow): ApiToken {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    programs: r.programs,
    prefix: r.prefix,
    created_at: new Date(r.created_at).toISOString(),
    created_by: r.created_by,
    expires_at: iso(r.expires_at),
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
  };
}

/**
 * Makes a token and answers it with its secret, the only time the secret leaves the server: the row keeps its
 * keyed hash (api-token-secret.ts) and its first characters. Used by the console's route and by tests and the
 * benchmark that need a token without a console session.
 */
export async function createApiToken(
  db: Queryable,
  secretKey: string,
  token: NewApiToken,
  createdBy: string,
  now: Date,
): Promise<CreatedApiToken> {
  const { secret, prefix } = newTokenSecret();
  const { rows } = await db.query<TokenRow>(
    `INSERT INTO api_tokens (id, name, secret_hash, prefix, scopes, programs, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      token.name,
      hashTokenSecret(secretKey, secret),
      prefix,
      token.scopes,
      token.programs,
      createdBy,
      now,
      token.expiresAt,
    ],
  );
  return { ...tokenOf(rows[0]!), secret };
}

/** Every token, newest first, revoked and expired ones too (the console marks them). */
export async function listApiTokens(db: Queryable): Promise<ApiToken[]> {
  const { rows } = await db.query<TokenRow>(`SELECT ${COLUMNS} FROM api_tokens ORDER BY created_at DESC, id`);
  return rows.map(tokenOf);
}

/**
 * Revokes a token (it stays listed, marked); revoking it again keeps the first time. Undefined when there is no
 * such token. The next call with it is refused on every process: each call reads the row, or checks it in its own
 * statement (api-token-auth.ts, decision 070).
 */
export async function revokeApiToken(
  db: Queryable,
  id: string,
  now: Date,
): Promise<{ name: string; revokedAt: Date } | undefined> {
  const { rows } = await db.query<{ name: string; revoked_at: Date }>(
    'UPDATE api_tokens SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING name, revoked_at',
    [id, now],
  );
  const row = rows[0];
  return row && { name: row.name, revokedAt: new Date(row.revoked_at) };
}

export interface LiveTokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  programs: string[] | null;
  /** When it stops working; null: never. */
  expires_at: Date | null;
}

/**
 * The live token (neither revoked nor expired at `now`) with this hash, or undefined: a plain indexed read, named so
 * PostgreSQL plans it once per connection, as it runs on most API calls. Its last use is then recorded when the one
 * recorded is a minute old or more (recordTokenUse).
 */
export async function findLiveToken(db: Queryable, secretHash: string, now: Date): Promise<LiveTokenRow | undefined> {
  const { rows } = await db.query<LiveTokenRow & { last_used_at: Date | null }>(
    `SELECT id, name, scopes, programs, expires_at, last_used_at FROM api_tokens
     WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2::timestamptz)`,
    [secretHash, now],
    { name: 'api-token-live' },
  );
  const row = rows[0];
  if (!row) return undefined;
  const { last_used_at: lastUsed, ...token } = row;
  if (lastUsed === null || now.getTime() - new Date(lastUsed).getTime() >= TOKEN_USE_EVERY_MS)
    await recordTokenUse(db, token.id, now);
  return token;
}

/** How often a token's last use is written: one write a minute per token in use, not one per call. */
export const TOKEN_USE_EVERY_MS = 60_000;

/**
 * Records a token's last use at `now`, unless another process recorded one within the last minute; never a use of a
 * token revoked or expired by then (a token taken from memory is recorded before its call's statement checks it).
 */
export async function recordTokenUse(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = $2::timestamptz
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - interval '1 minute')
       AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2::timestamptz)`,
    [id, now],
  );
}

/**
 * SQL true while the token `id` is live at `now` (neither revoked nor expired), for a statement that checks it in
 * the same round trip as its own work; `param` numbers the two values among the statement's.
 */
export const tokenLiveSql = (param: (value: unknown) => string, id: string, now: Date): string =>
  `EXISTS (SELECT 1 FROM api_tokens t WHERE t.id = ${param(id)}::uuid AND t.revoked_at IS NULL
    AND (t.expires_at IS NULL OR t.expires_at > ${param(now)}::timestamptz))`;

/** Whether the token `id` is live at `now`. */
export async function isTokenLive(db: Queryable, id: string, now: Date): Promise<boolean> {
  const params: unknown[] = [];
  const sql = tokenLiveSql((v) => `$${params.push(v)}`, id, now);
  const { rows } = await db.query<{ live: boolean }>(`SELECT ${sql} AS live`, params);
  return rows[0]?.live === true;
}
