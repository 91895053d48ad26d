import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { openSecret } from '../../infra/sealed-secret';
import { assertNotLocked, clearFailures, countFailure } from './code-throttle';
import { findTotp, takeTotpStep } from './mfa-repository';
import { recordFactorFailure } from './pass-second-factor';
import { matchingStep } from './totp-codes';

/**
 * Checks a member's TOTP code and takes its time step (so it is never accepted again), throttled like a password.
 * `confirmed` false: the code confirms a key being enrolled. `then` runs in the same transaction as the step taken
 * (the enrolment's recovery codes, the session passed), so all of it happens or none. A wrong or reused code counts
 * a failure, is audited and answers 400 MFA_CODE_INVALID.
 */
export async function acceptTotpCode<T>(
  deps: AppDeps,
  request: FastifyRequest,
  userId: string,
  code: string,
  confirmed: boolean,
  then: (tx: Queryable, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  const { failures } = await assertNotLocked(deps.db, userId, now);
  const row = await findTotp(deps.db, userId);
  if (confirmed && !row?.confirmed_at) throw new AppError('MFA_NOT_ENROLLED');
  if (!confirmed && !row) throw new AppError('MFA_NOT_ENROLLED');
  if (!confirmed && row?.confirmed_at) throw new AppError('MFA_ALREADY_ENROLLED');
  const step = await matchingStep(openSecret(deps.secretKey, 'staff-totp', userId, row!.secret_sealed), code, now);
  const outcome = await deps.db.transaction(async (tx) => {
    if (step === undefined || !(await takeTotpStep(tx, userId, step, confirmed, now))) return { ok: false as const };
    return { ok: true as const, value: await then(tx, now) };
  });
  if (!outcome.ok) {
    await countFailure(deps.db, userId, now);
    await recordFactorFailure(deps.db, request, 'wrong-code', now);
    throw new AppError('MFA_CODE_INVALID');
  }
  if (failures) await clearFailures(deps.db, userId);
  return outcome.value;
}
