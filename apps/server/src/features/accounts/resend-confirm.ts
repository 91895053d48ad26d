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
import { enqueueMail } from '../mail';
import { IP_LIMITS, mailIpLimit } from '../../session/account-limits';
import type { AccountClient } from './client';
import { claimMailSlot } from './mail-throttle';
import { isTrustedDevice, throttleKey } from './trusted-devices';

/**
 * Queues a new confirmation code, subject to the per-address mail throttle
 * whatever the address; the mail worker decides what, if anything, is sent.
 */
export async function resendConfirm(deps: AppDeps, body: ResendConfirmBody, client: AccountClient) {
  const { db, clock } = deps;
  await hitRateLimit(db, IP_LIMITS.resend, client.ip, clock.now());
  await hitRateLimit(db, mailIpLimit(deps.config), client.ip, clock.now());
  if (!isValidEmail(body.username)) {
    throw new AppError('VALIDATION_FAILED', { errors: { username: [ACCOUNT_MESSAGES.resendEmailInvalid] } });
  }
  const now = clock.now();
  const key = normalizeEmail(body.username);
  const trusted = (await isTrustedDevice(db, key, client.device, now)) ? client.device : undefined;
  await claimMailSlot(db, throttleKey(key, trusted), 'confirm', now);
  await enqueueMail(deps, { kind: 'resend', email: body.username.trim(), device: client.device });
  return { message: ACCOUNT_SUCCESS_MESSAGES.resend };
}
