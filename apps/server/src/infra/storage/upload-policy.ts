import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_UPLOAD_FORM_SECONDS } from './storage';

/**
 * The signed policy of the embedded store's upload form, checked the way S3
 * checks a presigned POST: an expiry, the exact key and a content-length-range,
 * base64 JSON signed with HMAC-SHA256 under a key derived from the server secret.
 */
export interface UploadPolicy {
  expiration: string;
  key: string;
  minBytes: number;
  maxBytes: number;
}

const subkey = (secret: string) => createHmac('sha256', secret).update('document-upload-policy').digest();

export function signPolicy(secret: string, policy: UploadPolicy): { policy: string; signature: string } {
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  return { policy: encoded, signature: createHmac('sha256', subkey(secret)).update(encoded).digest('hex') };
}

export type PolicyCheck = { ok: true; policy: UploadPolicy } | { ok: false; reason: string };

/** Verifies signature, expiry (never more than 10 minutes ahead of now) and the key. */
export function verifyPolicy(secret: string, encoded: string, signature: string, key: string, now: Date): PolicyCheck {
  const expected = createHmac('sha256', subkey(secret)).update(encoded).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let policy: UploadPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as UploadPolicy;
  } catch {
    return { ok: false, reason: 'policy' };
  }
  const expires = Date.parse(policy.expiration);
  if (!Number.isFinite(expires) || expires <= now.getTime()) return { ok: false, reason: 'expired' };
  if (expires - now.getTime() > MAX_UPLOAD_FORM_SECONDS * 1000) return { ok: false, reason: 'expiry too far' };
  if (policy.key !== key) return { ok: false, reason: 'key' };
  return { ok: true, policy };
}
