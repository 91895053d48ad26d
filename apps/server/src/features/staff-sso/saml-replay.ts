import type { Queryable } from '../../infra/db/db';

/** An assertion with no time limit of its own is remembered this long (it is refused after anyway by its times). */
const FALLBACK_KEEP_MS = 24 * 60 * 60_000;

/** Whether this assertion id was already accepted (and its record has not expired): a replay. */
export async function alreadyAccepted(db: Queryable, assertionId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM staff_saml_assertions WHERE id = $1 AND expires_at > $2`, [
    assertionId,
    now,
  ]);
  return rows.length > 0;
}

/**
 * Records an accepted assertion until it could no longer be accepted (its NotOnOrAfter, plus the clock skew
 * allowed). False when it was already there: two posts of the same assertion, even at the same instant in two
 * processes, sign in once. Expired records are cleared on the way.
 */
export async function acceptOnce(
  db: Queryable,
  assertionId: string,
  notOnOrAfter: Date | null,
  now: Date,
  skewMs: number,
): Promise<boolean> {
  const expiresAt = new Date((notOnOrAfter?.getTime() ?? now.getTime() + FALLBACK_KEEP_MS) + skewMs);
  await db.query(`DELETE FROM staff_saml_assertions WHERE expires_at <= $1`, [now]);
  const { rows } = await db.query(
    `INSERT INTO staff_saml_assertions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [assertionId, expiresAt],
  );
  return rows.length === 1;
}
