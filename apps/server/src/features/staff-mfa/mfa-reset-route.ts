import { normalizeEmail } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { resetSecondFactor } from './mfa-repository';

/**
 * POST /api/staff/team/:email/mfa-reset (administrators, with a fresh sign-in): a member who lost their phone or
 * passkey has every second factor and recovery code removed and their staff sessions ended; they enrol again at
 * their next sign-in. Audited. 404 for an address that is no member of the team (or has no account yet).
 */
export function mfaResetRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: { email: string } }>(
      '/team/:email/mfa-reset',
      { preHandler: [requireRight(deps, 'manage_team'), requireFreshSignIn(deps)] },
      async (req) => {
        const email = normalizeEmail(req.params.email);
        const now = deps.clock.now();
        await deps.db.transaction(async (tx) => {
          const userId = await memberAccountId(deps, tx, email);
          if (!userId) throw new AppError('NOT_FOUND');
          await resetSecondFactor(tx, userId);
          await recordStaffRead(tx, staffOf(req), null, 'mfa-reset', { email }, now);
        });
        return { message: `${email} will set up a second factor again at their next sign-in.` };
      },
    );
  };
}

/** The account of a member of the team (STAFF_EMAILS or invited), or undefined. */
async function memberAccountId(deps: AppDeps, db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT u.id FROM users u
     WHERE lower(u.email) = $1 AND u.application_of IS NULL
       AND ($2 OR EXISTS (SELECT 1 FROM staff_members m WHERE m.email = $1 AND NOT m.from_environment))`,
    [email, deps.config.staffEmails.has(email)],
  );
  return rows[0]?.id;
}
