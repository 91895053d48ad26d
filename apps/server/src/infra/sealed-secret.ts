import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret the server must read back (a member's TOTP key to check each code, a webhook endpoint's signing secret
 * to sign each delivery), so it cannot be hashed: it is sealed with AES-256-GCM under a key derived from the
 * server's secret key. Each purpose derives its own key (HKDF, its own info), so no other use of the secret key
 * shares it, and a sealed secret is bound to its row's id (the additional data): copied onto another row, it does
 * not open. Stored as `v1.` and base64url of the nonce, the tag and the ciphertext.
 */
export type SealPurpose = keyof typeof HKDF_INFO;

/** The HKDF info of each purpose. Never change one: the secrets sealed under it would no longer open. */
const HKDF_INFO = {
  /** A member's TOTP key (features/staff-mfa), bound to the member's user id. */
  'staff-totp': 'staff-totp-seal',
  /** A webhook endpoint's signing secret (features/webhooks), bound to the endpoint's id. */
  'webhook-secret': 'webhook-secret-seal',
} as const;

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function sealingKey(secretKey: string, purpose: SealPurpose): Buffer {
  const cacheKey = `${purpose}\n${secretKey}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, 'admissions-portal', HKDF_INFO[purpose], 32));
    keys.set(cacheKey, key);
  }
  return key;
}

export function sealSecret(secretKey: string, purpose: SealPurpose, boundId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secretKey, purpose), iv);
  cipher.setAAD(Buffer.from(boundId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or an error when it was sealed under another secret key, for another row, or changed (never a wrong secret). */
export function openSecret(secretKey: string, purpose: SealPurpose, boundId: string, stored: string): string {
  const [version, body] = stored.split('.');
  if (version !== VERSION || !body) throw new Error(`sealed ${purpose} secret: unknown format`);
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secretKey, purpose), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
