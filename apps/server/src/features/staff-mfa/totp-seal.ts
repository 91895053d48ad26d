import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A member's TOTP key must be read back to check each code, so it cannot be hashed: it is sealed with AES-256-GCM
 * under a key derived from the server's secret key (HKDF, so no other use of the secret key shares this one), and
 * bound to its member (the additional data), so a sealed key copied onto another member's row does not open.
 * Stored as `v1.` and base64url of the nonce, the tag and the ciphertext.
 */
const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function sealingKey(secretKey: string): Buffer {
  let key = keys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, 'admissions-portal', 'staff-totp-seal', 32));
    keys.set(secretKey, key);
  }
  return key;
}

export function sealTotpSecret(secretKey: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secretKey), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The key, or an error when the row was sealed under another secret key or changed (never a wrong key). */
export function openTotpSecret(secretKey: string, userId: string, stored: string): string {
  const [version, body] = stored.split('.');
  if (version !== VERSION || !body) throw new Error('staff_totp.secret_sealed: unknown format');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secretKey), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
