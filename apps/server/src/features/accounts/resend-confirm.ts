import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS_MESSAGES,
  isValidEmail,
  normalizeEmail,
  type ResendConfirmBody,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { alreadyConfirmedMail } from './account-mails';
import { IP_LIMITS } from './account-limits';
import { accountUrls } from './account-urls';
import { issueConfirmationCode } from './issue-confirmation-code';
import { claimMailSlot } from './mail-throttle';
import { findUserByEmail } from './users-repository';

/** Sends a new confirmation code, subject to the per-address mail throttle whatever the address. */
export async function resendConfirm(deps: AppDeps, body: ResendConfirmBody, ip: string) {
  const { db, clock, mailer, config } = deps;
  await hitRateLimit(db, IP_LIMITS.resend, ip, clock.now());
  if (!isValidEmail(body.username)) {
    throw new AppError('VALIDATION_FAILED', { errors: { username: [ACCOUNT_MESSAGES.resendEmailInvalid] } });
  }
  await claimMailSlot(db, normalizeEmail(body.username), 'confirm', clock.now());
  const user = await findUserByEmail(db, body.username.trim());
  if (user && !user.confirmed_at) {
    await issueConfirmationCode(deps, user);
  } else if (user) {
    await mailer.send(alreadyConfirmedMail(config.tenant, user.email, accountUrls(config.publicUrl).login));
  }
  return { message: ACCOUNT_SUCCESS_MESSAGES.resend };
}
