import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type SignupBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { signupAttemptMail } from './account-mails';
import { IP_LIMITS } from './account-limits';
import { accountUrls } from './account-urls';
import { assertAccountForm } from './check-account-form';
import { issueConfirmationCode } from './issue-confirmation-code';
import { claimMailSlot, recordMailSlot } from './mail-throttle';
import { hashPassword } from './password-hashing';
import { findUserByEmail, insertUser } from './users-repository';

/**
 * Creates an account and e-mails its confirmation code. For an address that
 * already has an account the answer is the same, and the owner is told by
 * e-mail instead; the existing account is never changed, so nobody can take
 * over an address they do not control.
 */
export async function signup(deps: AppDeps, body: SignupBody, ip: string) {
  const { db, clock, mailer, config } = deps;
  await hitRateLimit(db, IP_LIMITS.signup, ip, clock.now());
  assertAccountForm('signup', body);
  const email = body.username.trim();
  const key = normalizeEmail(email);
  // Hashed on both paths, so the time taken does not tell them apart.
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  const created = await insertUser(db, { email, passwordHash, now });
  if (created) {
    await recordMailSlot(db, key, 'confirm', now);
    await issueConfirmationCode(deps, created);
  } else {
    const existing = await findUserByEmail(db, email);
    // A spent mail slot only means "no e-mail this time"; any other failure is real and must surface.
    const slotFree = await claimMailSlot(db, key, 'confirm', now).then(
      () => true,
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'MAIL_TOO_SOON') return false;
        throw err;
      },
    );
    if (existing && slotFree) {
      const urls = accountUrls(config.publicUrl);
      await mailer.send(signupAttemptMail(config.tenant, existing.email, urls.login, urls.forgot));
    }
  }
  return { message: ACCOUNT_SUCCESS_MESSAGES.signup };
}
