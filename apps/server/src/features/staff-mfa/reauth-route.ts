import { reauthBody } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { sessionOf } from '../../session/require-session';
import { staffOf, staffProofOf } from '../../session/require-staff';
import { verifyPassword } from '../accounts';
import { assertNotLocked, clearFailures, countFailure } from './code-throttle';
import { markAuthenticated, passwordHashOf } from './mfa-repository';
import { recordFactorFailure } from './pass-second-factor';
import { acceptTotpCode } from './totp-check';

/**
 * POST /api/staff/reauth: a fresh sign-in before a risky action (401 REAUTH_REQUIRED), for a password session: the
 * account's password again, or a code from the authenticator app. Wrong answers are throttled like the second step's
 * codes (the same count). A session of the campus account proves itself at the identity provider instead (409
 * REAUTH_WITH_SSO: the console sends the member there).
 */
export function reauthRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/reauth', async (req) => {
      if (staffProofOf(req).method !== 'password') throw new AppError('REAUTH_WITH_SSO');
      const body = parseBody(reauthBody, req.body);
      const member = staffOf(req);
      if ('code' in body) {
        await acceptTotpCode(deps, req, member.userId, body.code, true, (tx, now) =>
          recordReauth(tx, req, 'totp', now),
        );
        return { authenticated: true };
      }
      const now = deps.clock.now();
      const { failures } = await assertNotLocked(deps.db, member.userId, now);
      const hash = await passwordHashOf(deps.db, member.userId);
      if (!hash || !(await verifyPassword(hash, body.password))) {
        await countFailure(deps.db, member.userId, now);
        await recordFactorFailure(deps.db, req, 'wrong-password', now);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await deps.db.transaction((tx) => recordReauth(tx, req, 'password', now));
      if (failures) await clearFailures(deps.db, member.userId);
      return { authenticated: true };
    });
  };
}

async function recordReauth(tx: Queryable, req: FastifyRequest, factor: 'password' | 'totp', now: Date) {
  await markAuthenticated(tx, sessionOf(req).idHash, now);
  await recordStaffRead(tx, staffOf(req), null, 'reauth', { method: 'password', factor }, now);
}
