import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import { MAX_CODE_ATTEMPTS } from './account-limits';
import { countWrongAttempt, findLiveCodeForUpdate, markCodeUsed, type CodePurpose } from './codes-repository';
import { hashCode, hashesEqual } from './secrets';

/**
 * Checks a code or reset id inside the caller's transaction. A wrong guess is
 * counted (and committed with the transaction); a right one is used up.
 */
export async function verifyOneTimeCode(
  { clock, secretKey }: Pick<AppDeps, 'clock' | 'secretKey'>,
  tx: Queryable,
  userId: string,
  purpose: CodePurpose,
  value: string,
): Promise<boolean> {
  const now = clock.now();
  const live = await findLiveCodeForUpdate(tx, userId, purpose, now, MAX_CODE_ATTEMPTS);
  if (!live) return false;
  if (!hashesEqual(hashCode(secretKey, purpose, userId, value), live.secret_hash)) {
    await countWrongAttempt(tx, live.id);
    return false;
  }
  await markCodeUsed(tx, live.id, now);
  return true;
}
