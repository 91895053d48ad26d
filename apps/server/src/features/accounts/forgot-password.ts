import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type ForgotPasswordBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { hitRateLimit } from '../../http/rate-limit';
import { resetLinkMail } from './account-mails';
import { IP_LIMITS, RESET_TOKEN_TTL_MS } from './account-limits';
import { accountUrls } from './account-urls';
import { assertAccountForm } from './check-account-form';
import { replaceCode } from './codes-repository';
import { claimMailSlot } from './mail-throttle';
import { generateToken, hashCode } from './secrets';
import { findUserByEmail } from './users-repository';

/** E-mails a one-hour reset link when the account exists; the answer is the same when it does not. */
export async function forgotPassword(deps: AppDeps, body: ForgotPasswordBody, ip: string) {
  const { db, clock, mailer, config, secretKey } = deps;
  await hitRateLimit(db, IP_LIMITS.forgot, ip, clock.now());
  assertAccountForm('forgot', body);
  const now = clock.now();
  await claimMailSlot(db, normalizeEmail(body.username), 'reset', now);
  const user = await findUserByEmail(db, body.username.trim());
  if (user) {
    const token = generateToken();
    await replaceCode(db, {
      userId: user.id,
      purpose: 'reset',
      secretHash: hashCode(secretKey, 'reset', user.id, token),
      now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await mailer.send(resetLinkMail(config.tenant, user.email, accountUrls(config.publicUrl).reset(user.email, token)));
  }
  return { message: ACCOUNT_SUCCESS_MESSAGES.forgot };
}
