import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type ForgotPasswordBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { hitRateLimit } from '../../http/rate-limit';
import { enqueueMail } from '../mail';
import { IP_LIMITS, mailIpLimit } from '../../session/account-limits';
import { assertAccountForm } from './check-account-form';
import type { AccountClient } from './client';
import { claimMailSlot } from './mail-throttle';
import { isTrustedDevice, throttleKey } from './trusted-devices';

/**
 * Queues a one-hour reset link for the address; the mail worker sends it only
 * when the account exists. The call does the same work for every address.
 * A browser the owner has logged in from has its own mail budget, so a
 * stranger asking for the owner's reset mails cannot use it up.
 */
export async function forgotPassword(deps: AppDeps, body: ForgotPasswordBody, client: AccountClient) {
  const { db, clock } = deps;
  await hitRateLimit(db, IP_LIMITS.forgot, client.ip, clock.now());
  await hitRateLimit(db, mailIpLimit(deps.config), client.ip, clock.now());
  assertAccountForm('forgot', body);
  const now = clock.now();
  const key = normalizeEmail(body.username);
  const trusted = (await isTrustedDevice(db, key, client.device, now)) ? client.device : undefined;
  await claimMailSlot(db, throttleKey(key, trusted), 'reset', now);
  await enqueueMail(deps, { kind: 'forgot', email: body.username.trim(), device: client.device });
  return { message: ACCOUNT_SUCCESS_MESSAGES.forgot };
}
