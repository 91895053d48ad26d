import { randomBytes } from 'node:crypto';
import { hashCode } from '../../session/secrets';

/** What every token starts with, so a leaked one is recognised (by a secret scanner, by IT) for what it is. */
const TOKEN_PREFIX = 'ap_';
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_LENGTH = TOKEN_PREFIX.length + 43;
const TOKEN_SHAPE = /^ap_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the console shows, so IT can tell its tokens apart: the prefix and 7 characters. */
const SHOWN_LENGTH = 10;

/** A new token's secret: `ap_` and 256 random bits. Shown once; only its keyed hash is stored. */
export function newTokenSecret(): { secret: string; prefix: string } {
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, SHOWN_LENGTH) };
}

/** Whether a presented value can be one of our tokens at all: anything else is refused without a database read. */
export function looksLikeToken(value: string): boolean {
  return value.length === TOKEN_LENGTH && TOKEN_SHAPE.test(value);
}

/**
 * The stored form of a secret: HMAC-SHA256 under the server's secret key, so neither the table alone nor a
 * guess checked against it offline gives a usable token. The same key on every process finds the same row.
 */
export function hashTokenSecret(secretKey: string, secret: string): string {
  return hashCode(secretKey, 'api-token', '', secret);
}
