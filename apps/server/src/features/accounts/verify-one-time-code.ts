import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { MAX_CODE_ATTEMPTS } from '../../session/account-limits';
import { countWrongAttempt, findLiveCodeForUpdate, markCodeUsed, type CodePurpose } from './codes-repository';
import { hashCode, hashesEqual } from '../../session/secrets';

/** An id no account or code has: what an unknown address is checked against. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
/** What a guess with no code is compared with: a hash of the same length as a code's, matching none. */
const NO_CODE_HASH = '0'.repeat(64);

/**
 * Checks a code or reset id inside the caller's transaction. A wrong guess is
 * counted (and committed with the transaction); a right one is used up.
 *
 * The browser that asked for the code (its device cookie, device-cookie.ts)
 * has MAX_CODE_ATTEMPTS wrong guesses of its own; every other client shares
 * another MAX_CODE_ATTEMPTS. A stranger guessing from elsewhere can spend
 * only the shared budget: the owner's live code still works in the browser
 * that asked for it. A code has thus at most twice MAX_CODE_ATTEMPTS wrong
 * guesses in its life, against a million values.
 */
export async function verifyOneTimeCode(
  { clock, secretKey }: Pick<AppDeps, 'clock' | 'secretKey'>,
  tx: Queryable,
  userId: string,
  purpose: CodePurpose,
  value: string,
  device?: string,
): Promise<boolean> {
  const now = clock.now();
  const live = await findLiveCodeForUpdate(tx, userId, purpose, now);
  if (!live) {
    // No code to guess (an unknown address, a used or expired code): the same work as a wrong guess all
    // the same (the guess hashed, a decoy row counted), so the time of the answer does not tell which.
    hashesEqual(hashCode(secretKey, purpose, userId, value), NO_CODE_HASH);
    await countWrongAttempt(tx, NO_ACCOUNT, true);
    return false;
  }
  const foreign = !device || live.device_hash !== device;
  if ((foreign ? live.foreign_attempts : live.attempts) >= MAX_CODE_ATTEMPTS) return false;
  if (!hashesEqual(hashCode(secretKey, purpose, userId, value), live.secret_hash)) {
    await countWrongAttempt(tx, live.id, foreign);
    return false;
  }
  await markCodeUsed(tx, live.id, now);
  return true;
}
