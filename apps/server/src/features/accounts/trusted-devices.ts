import type { Queryable } from '../../infra/db/db';
import { DEVICE_TRUST_MS } from './device-cookie';

/** Records that the owner of the address logged in from this browser (OWASP device cookie). */
export async function trustDevice(db: Queryable, email: string, deviceHash: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO trusted_devices (email, device_hash, trusted_at) VALUES ($1, $2, $3)
     ON CONFLICT (email, device_hash) DO UPDATE SET trusted_at = EXCLUDED.trusted_at`,
    [email, deviceHash, now],
  );
}

/** One indexed read, the same whether or not the address has an account. */
export async function isTrustedDevice(
  db: Queryable,
  email: string,
  deviceHash: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!deviceHash) return false;
  const { rows } = await db.query(
    'SELECT 1 FROM trusted_devices WHERE email = $1 AND device_hash = $2 AND trusted_at > $3',
    [email, deviceHash, new Date(now.getTime() - DEVICE_TRUST_MS)],
  );
  return rows.length > 0;
}

/**
 * The key under which a client's login failures and mail requests for an
 * address are counted: its own for a trusted device, the shared one for every
 * other client. A stranger fills only the shared one.
 */
export function throttleKey(email: string, trustedDevice: string | undefined): string {
  return trustedDevice ? `${email} device:${trustedDevice}` : email;
}
