import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type ResetPasswordBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { enqueueMail, passwordChangedMail } from '../mail';
import { IP_LIMITS, mailIpLimit } from '../../session/account-limits';
import { accountUrls } from './account-urls';
import { assertAccountForm } from './check-account-form';
import type { AccountClient } from './client';
import { assertNotCommonPassword } from './common-passwords';
import { hashPassword } from './password-hashing';
import { deleteOtherSessions } from '../../session/sessions-repository';
import { clearLoginThrottles } from './throttle-repository';
import { findUserByEmail, markConfirmed, updatePasswordHash } from './users-repository';
import { verifyOneTimeCode } from './verify-one-time-code';

/**
 * Sets a new password from an e-mailed reset link. It ends the account's
 * other sessions and logs nobody in. Following the link proves the address,
 * so an unconfirmed account becomes confirmed.
 */
export async function resetPassword(
  deps: AppDeps,
  body: ResetPasswordBody,
  client: AccountClient,
  currentSessionHash?: string,
) {
  const { db, clock, config } = deps;
  await hitRateLimit(db, IP_LIMITS.reset, client.ip, clock.now());
  await hitRateLimit(db, mailIpLimit(deps.config), client.ip, clock.now());
  assertAccountForm('reset', body);
  await assertNotCommonPassword(body.password, body.username.trim());
  // Hashed before the lookup, so an unknown address takes as long as a known one and the time reveals nothing.
  const passwordHash = await hashPassword(body.password);
  const user = await findUserByEmail(db, body.username.trim());
  if (!user) throw new AppError('RESET_LINK_INVALID');
  const ok = await db.transaction(async (tx) => {
    if (!(await verifyOneTimeCode(deps, tx, user.id, 'reset', body.id, client.device))) return false;
    await updatePasswordHash(tx, user.id, passwordHash);
    await markConfirmed(tx, user.id, clock.now());
    await deleteOtherSessions(tx, user.id, currentSessionHash);
    await clearLoginThrottles(tx, normalizeEmail(user.email));
    return true;
  });
  if (!ok) throw new AppError('RESET_LINK_INVALID');
  await enqueueMail(deps, {
    kind: 'message',
    message: passwordChangedMail(config.tenant, user.email, accountUrls(config.publicUrl).forgot),
  });
  return { message: ACCOUNT_SUCCESS_MESSAGES.reset };
}
