import { mfaVerifyBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { staffOf } from '../../session/require-staff';
import { assertNotLocked, clearFailures, countFailure } from './code-throttle';
import { factorsOf } from './member-factors';
import { useRecoveryCode } from './mfa-repository';
import { passSecondFactor, recordFactorFailure } from './pass-second-factor';
import { hashRecoveryCode } from './recovery-codes';
import { acceptTotpCode } from './totp-check';

/**
 * POST /api/staff/mfa/verify: the second step of a password sign-in, with a code from the authenticator app
 * (within one step either side of now, never twice) or a recovery code (once). Wrong ones are throttled as
 * passwords are and audited. Answers the session's second factor passed.
 */
export function verifyRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/mfa/verify', async (req) => {
      const body = parseBody(mfaVerifyBody, req.body);
      const member = staffOf(req);
      if ('code' in body) {
        await acceptTotpCode(deps, req, member.userId, body.code, true, (tx, now) =>
          passSecondFactor(tx, req, 'totp', now),
        );
        return { second_factor_passed: true };
      }
      const now = deps.clock.now();
      const { failures } = await assertNotLocked(deps.db, member.userId, now);
      if (!(await factorsOf(deps.db, member.userId)).enrolled) throw new AppError('MFA_NOT_ENROLLED');
      const hash = hashRecoveryCode(deps.secretKey, member.userId, body.recovery_code);
      const used = await deps.db.transaction(async (tx) => {
        if (!(await useRecoveryCode(tx, member.userId, hash, now))) return false;
        await passSecondFactor(tx, req, 'recovery-code', now);
        return true;
      });
      if (!used) {
        await countFailure(deps.db, member.userId, now);
        await recordFactorFailure(deps.db, req, 'wrong-code', now);
        throw new AppError('MFA_CODE_INVALID');
      }
      if (failures) await clearFailures(deps.db, member.userId);
      return { second_factor_passed: true };
    });
  };
}
