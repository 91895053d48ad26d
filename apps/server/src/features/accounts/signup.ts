import { ACCOUNT_SUCCESS_MESSAGES, type SignupBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { hitRateLimit } from '../../http/rate-limit';
import { enqueueMail } from '../mail';
import { IP_LIMITS, mailIpLimit } from '../../session/account-limits';
import { assertAccountForm } from './check-account-form';
import type { AccountClient } from './client';
import { assertNotCommonPassword } from './common-passwords';
import { hashPassword } from './password-hashing';
import { insertUser } from './users-repository';

/**
 * Creates an account and queues its confirmation code. For an address that
 * already has an account the answer is the same, and the owner is told by
 * e-mail instead; the existing account is never changed, so nobody can take
 * over an address they do not control. Both paths hash the password, try the
 * insert and queue one mail job, so their time is the same; which mail it
 * becomes is decided by the mail worker after the answer (account-mail-jobs.ts).
 */
export async function signup(deps: AppDeps, body: SignupBody, client: AccountClient) {
  const { db, clock } = deps;
  await hitRateLimit(db, IP_LIMITS.signup, client.ip, clock.now());
  await hitRateLimit(db, mailIpLimit(deps.config), client.ip, clock.now());
  assertAccountForm('signup', body);
  const email = body.username.trim();
  await assertNotCommonPassword(body.password, email);
  const passwordHash = await hashPassword(body.password);
  const created = await insertUser(db, { email, passwordHash, now: clock.now() });
  await enqueueMail(deps, { kind: 'signup', email, created: Boolean(created), device: client.device });
  return { message: ACCOUNT_SUCCESS_MESSAGES.signup };
}
