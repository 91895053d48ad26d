import { ACCOUNT_SUCCESS_MESSAGES, type ConfirmBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { IP_LIMITS } from '../../session/account-limits';
import { assertAccountForm } from './check-account-form';
import type { AccountClient } from './client';
import { findUserByEmail, markConfirmed } from './users-repository';
import { NO_ACCOUNT, verifyOneTimeCode } from './verify-one-time-code';

/** Confirms an account with the latest code e-mailed to it. */
export async function confirm(deps: AppDeps, body: ConfirmBody, client: AccountClient) {
  const { db, clock } = deps;
  await hitRateLimit(db, IP_LIMITS.confirm, client.ip, clock.now());
  assertAccountForm('confirm', body);
  const user = await findUserByEmail(db, body.username.trim());
  // An unknown address is checked against an account that cannot exist: the same transaction and
  // statements as a wrong code for a real one, so neither the answer nor its time tells them apart.
  const ok = await db.transaction(async (tx) => {
    const valid = await verifyOneTimeCode(deps, tx, user?.id ?? NO_ACCOUNT, 'confirm', body.code, client.device);
    if (valid && user) await markConfirmed(tx, user.id, clock.now());
    return valid && user !== undefined;
  });
  // Unknown address, wrong code, expired or dead code: one answer for all.
  if (!ok) throw new AppError('CODE_INVALID');
  return { message: ACCOUNT_SUCCESS_MESSAGES.confirm };
}
