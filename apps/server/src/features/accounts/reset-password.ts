import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type ResetPasswordBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { passwordChangedMail } from './account-mails';
import { IP_LIMITS } from './account-limits';
import { accountUrls } from './account-urls';
import { assertAccountForm } from './check-account-form';
import { hashPassword } from './password-hashing';
import { deleteOtherSessions } from './sessions-repository';
import { clearLoginThrottle } from './throttle-repository';
import { findUserByEmail, markConfirmed, updatePasswordHash } from './users-repository';
import { verifyOneTimeCode } from './verify-one-time-code';

/**
 * Sets a new password from an e-mailed reset link. It ends the account's
 * other sessions and logs nobody in. Following the link proves the address,
 * so an unconfirmed account becomes confirmed.
 */
export async function resetPassword(deps: AppDeps, body: ResetPasswordBody, ip: string, currentSessionHash?: string) {
  const { db, clock, mailer, config } = deps;
  await hitRateLimit(db, IP_LIMITS.reset, ip, clock.now());
  assertAccountForm('reset', body);
  // Hashed before the lookup, so an unknown address takes as long as a known one and the time reveals nothing.
  const passwordHash = await hashPassword(body.password);
  const user = await findUserByEmail(db, body.username.trim());
  if (!user) throw new AppError('RESET_LINK_INVALID');
  const ok = await db.transaction(async (tx) => {
    if (!(await verifyOneTimeCode(deps, tx, user.id, 'reset', body.id))) return false;
    await updatePasswordHash(tx, user.id, passwordHash);
    await markConfirmed(tx, user.id, clock.now());
    await deleteOtherSessions(tx, user.id, currentSessionHash);
    await clearLoginThrottle(tx, normalizeEmail(user.email));
    return true;
  });
  if (!ok) throw new AppError('RESET_LINK_INVALID');
  await mailer.send(passwordChangedMail(config.tenant, user.email, accountUrls(config.publicUrl).forgot));
  return { message: ACCOUNT_SUCCESS_MESSAGES.reset };
}
