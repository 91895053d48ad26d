import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CONFIRMATION_CODE_LENGTH } from '@admissions/domain';

/** A uniformly random 6-digit code from the system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, '0');
}

/** 256 random bits, URL-safe: reset link ids and session ids. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Codes have only a million values, so a plain hash would be reversed by
 * trying them all; the server's secret key makes a stolen table useless.
 */
export function hashCode(secretKey: string, purpose: string, userId: string, value: string): string {
  return createHmac('sha256', secretKey).update(`${purpose}\0${userId}\0${value}`).digest('hex');
}

/** Session ids and resume-link tokens carry 256 bits, so a fast unkeyed hash is enough to keep the stored form useless. */
export function hashToken(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
