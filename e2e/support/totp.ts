import { generate } from 'otplib';

/**
 * The code an authenticator app shows for `secret` (base32) at `at`: RFC 6238 as the server checks it (SHA-1,
 * 6 digits, 30 s steps). Journeys pass the campus server's time (its clock is the one that moves), never the machine's.
 */
export function totpAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000), algorithm: 'sha1', digits: 6, period: 30 });
}
