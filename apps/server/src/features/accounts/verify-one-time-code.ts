import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { MAX_CODE_ATTEMPTS } from '../../session/account-limits';
import { countWrongAttempt, findLiveCodeForUpdate, markCodeUsed, type CodePurpose } from './codes-repository';
import { hashCode, hashesEqual } from '../../session/secrets';

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
  if (!live) return false;
  const foreign = !device || live.device_hash !== device;
  if ((foreign ? live.foreign_attempts : live.attempts) >= MAX_CODE_ATTEMPTS) return false;
  if (!hashesEqual(hashCode(secretKey, purpose, userId, value), live.secret_hash)) {
    await countWrongAttempt(tx, live.id, foreign);
    return false;
  }
  await markCodeUsed(tx, live.id, now);
  return true;
}
