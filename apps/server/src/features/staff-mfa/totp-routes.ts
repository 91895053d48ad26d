import type { RecoveryCodes, TotpEnrolment } from '@admissions/domain';
import { mfaCodeBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import type { Queryable } from '../../infra/db/db';
import { sealSecret } from '../../infra/sealed-secret';
import { staffOf } from '../../session/require-staff';
import { assertMayAddFactor, factorsOf } from './member-factors';
import { replaceRecoveryCodes, startTotp } from './mfa-repository';
import { passSecondFactor, recordEnrolment } from './pass-second-factor';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { acceptTotpCode } from './totp-check';
import { newTotpSecret, otpauthUrl } from './totp-codes';

/** New recovery codes for the member: their hashes stored, the codes themselves answered once. */
export async function issueRecoveryCodes(deps: AppDeps, tx: Queryable, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(deps.secretKey, userId, c)),
    now,
  );
  return codes;
}

/**
 * TOTP enrolment (issue 44): a new key, shown once as a QR code's URL and as text, then confirmed with a code from
 * the app, which gives the ten recovery codes and passes the session's second factor. After confirmation the key is
 * never sent again: only an administrator's reset starts over.
 */
export function totpRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/mfa/totp', async (req): Promise<TotpEnrolment> => {
      const member = staffOf(req);
      const factors = await factorsOf(deps.db, member.userId);
      if (factors.totpConfirmed) throw new AppError('MFA_ALREADY_ENROLLED');
      assertMayAddFactor(req, factors);
      const secret = newTotpSecret();
      const sealed = sealSecret(deps.secretKey, 'staff-totp', member.userId, secret);
      // A confirmation racing this call may have confirmed the earlier key in between.
      if (!(await startTotp(deps.db, member.userId, sealed, deps.clock.now())))
        throw new AppError('MFA_ALREADY_ENROLLED');
      return { secret, otpauth_url: otpauthUrl(deps.config.tenant.partnerName, member.email, secret) };
    });

    app.post('/mfa/totp/confirm', async (req): Promise<RecoveryCodes> => {
      const { code } = parseBody(mfaCodeBody, req.body);
      const member = staffOf(req);
      assertMayAddFactor(req, await factorsOf(deps.db, member.userId));
      const recovery_codes = await acceptTotpCode(deps, req, member.userId, code, false, async (tx, now) => {
        const codes = await issueRecoveryCodes(deps, tx, member.userId, now);
        await recordEnrolment(tx, req, 'totp', now);
        await passSecondFactor(tx, req, 'totp', now, { enrolment: true });
        return codes;
      });
      return { recovery_codes };
    });
  };
}
