import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../infra/mail/mailer';
import { confirmationCodeMail } from '../mail';
import { CONFIRM_CODE_TTL_MS } from '../../session/account-limits';
import { replaceCode } from './codes-repository';
import { generateCode, hashCode } from '../../session/secrets';

/**
 * Stores a fresh confirmation code (retiring older ones) and returns the mail
 * that carries it. Called by the mail worker just before sending, so the code
 * never waits in the queue in clear; a retried send issues a new code, and
 * only the one delivered works.
 */
export async function issueConfirmationCode(
  { db, clock, secretKey, config }: Pick<AppDeps, 'db' | 'clock' | 'secretKey' | 'config'>,
  user: { id: string; email: string },
  device?: string,
): Promise<MailMessage> {
  const now = clock.now();
  const code = generateCode();
  await replaceCode(db, {
    userId: user.id,
    purpose: 'confirm',
    secretHash: hashCode(secretKey, 'confirm', user.id, code),
    now,
    expiresAt: new Date(now.getTime() + CONFIRM_CODE_TTL_MS),
    device,
  });
  return confirmationCodeMail(config.tenant, user.email, code);
}
