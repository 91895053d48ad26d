import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP as authenticator apps do it (RFC 6238 with SHA-1, 6 digits, 30 s steps), through otplib 13. Every time is
 * the server's clock (deps.clock), never the machine's, so tests move it.
 */
const PERIOD = 30;
const SETTINGS = { algorithm: 'sha1', digits: 6, period: PERIOD } as const;

/** A new key: 20 random bytes (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL of the QR code: the institution's name as the issuer, the member's address as the label. */
export function otpauthUrl(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret, ...SETTINGS });
}

/** A code as typed: spaces and dashes dropped ("123 456"). Anything but six digits is no code. */
export function normaliseCode(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The time step the code belongs to when it is valid within one step either side of now (a phone's clock a little
 * off, a code typed as it changed), else undefined. Whether that step was already used is the caller's check.
 */
export async function matchingStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  const token = normaliseCode(code);
  if (!token) return undefined;
  const result = await verify({
    secret,
    token,
    ...SETTINGS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD,
  });
  // A TOTP result names its time step (an HOTP one, of the same union type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
