import type { AppDeps } from '../../app-deps';
import { confirmationCodeMail } from './account-mails';
import { CONFIRM_CODE_TTL_MS } from './account-limits';
import { replaceCode } from './codes-repository';
import { generateCode, hashCode } from './secrets';

/** Stores a fresh confirmation code (retiring older ones) and e-mails it. */
export async function issueConfirmationCode(
  { db, clock, secretKey, mailer, config }: AppDeps,
  user: { id: string; email: string },
): Promise<void> {
  const now = clock.now();
  const code = generateCode();
  await replaceCode(db, {
    userId: user.id,
    purpose: 'confirm',
    secretHash: hashCode(secretKey, 'confirm', user.id, code),
    now,
    expiresAt: new Date(now.getTime() + CONFIRM_CODE_TTL_MS),
  });
  await mailer.send(confirmationCodeMail(config.tenant, user.email, code));
}
