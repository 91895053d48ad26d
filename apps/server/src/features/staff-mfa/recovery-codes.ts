import { randomInt } from 'node:crypto';
import { hashCode } from '../../session/secrets';

/**
 * Ten single-use recovery codes, shown once. Letters and digits that cannot be mistaken for one another (no 0/o,
 * 1/l/i), in groups that read aloud: 'k7qm-x3hp-9d' (ten characters of 31, about 50 bits; the tries are throttled).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const PURPOSE = 'staff-recovery-code';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** As typed: any case, with or without the dashes and spaces. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Only keyed hashes are stored (session/secrets.ts): a stolen table gives no code. */
export function hashRecoveryCode(secretKey: string, userId: string, code: string): string {
  return hashCode(secretKey, PURPOSE, userId, normalise(code));
}
