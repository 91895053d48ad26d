import type { Queryable } from '../../infra/db/db';

export type SsoRequestKind = 'oidc' | 'saml';

/** A request sent to the identity provider, as kept on the server until its answer comes back. */
export interface KeptSsoRequest {
  value: string;
  createdAt: Date;
}

/**
 * Keeps a sign-in request in staff_sso_requests, so that any process can finish it. `id` is already a hash (of the
 * OpenID state) or an id the provider echoes (SAML's request id), never a secret in the clear.
 */
export async function keepSsoRequest(
  db: Queryable,
  kind: SsoRequestKind,
  id: string,
  value: string,
  now: Date,
): Promise<void> {
  await db.query(`INSERT INTO staff_sso_requests (id, kind, value, created_at) VALUES ($1, $2, $3, $4)`, [
    id,
    kind,
    value,
    now,
  ]);
}

/**
 * Takes a kept request: it is deleted in the same statement that reads it, so an answer is finished at most once
 * (a replayed state finds nothing, even when two processes receive it at the same moment).
 */
export async function takeSsoRequest(
  db: Queryable,
  kind: SsoRequestKind,
  id: string,
): Promise<KeptSsoRequest | undefined> {
  const { rows } = await db.query<{ value: string; created_at: Date }>(
    `DELETE FROM staff_sso_requests WHERE id = $1 AND kind = $2 RETURNING value, created_at`,
    [id, kind],
  );
  const row = rows[0];
  return row && { value: row.value, createdAt: new Date(row.created_at) };
}

/** Requests never answered (the person closed the tab at the provider) go once they are too old to be finished. */
export async function forgetSsoRequestsBefore(db: Queryable, kind: SsoRequestKind, before: Date): Promise<void> {
  await db.query(`DELETE FROM staff_sso_requests WHERE kind = $1 AND created_at < $2`, [kind, before]);
}
